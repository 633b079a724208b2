import { ArrowLeftIcon, UploadIcon } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { useProperties } from '@/features/properties/api/properties.ts';
import { propertyForUpload } from '@/features/properties/lib/upload-property.ts';
import { BillsInFlight } from '@/features/bills/components/bills-in-flight.tsx';
import { useBillUploadFlow } from '@/features/bills/hooks/use-bill-upload-flow.ts';
import { useDuplicateQuestion } from '@/features/bills/hooks/use-duplicate-question.ts';
import { useIsMobile } from '@/hooks/use-is-mobile.ts';
import { isAcceptedBillFile } from '@/features/bills/lib/file-types.ts';
import type { BillType } from '@wattwise/shared/contract/bills';
import type { Property } from '@wattwise/shared/contract/properties';
import type { PropertyType } from '@wattwise/shared/contract/common';
import { UPLOAD_MESSAGES } from '@/features/bills/upload-messages.ts';
import { AuthRequiredDialog } from '@/features/bills/components/auth-required-dialog.tsx';
import { BillOptions } from '@/features/bills/components/bill-options.tsx';
import { CameraCapture } from '@/features/bills/components/camera-capture.tsx';
import { CostOptimizationTab } from '@/features/processing/components/cost-optimization-tab.tsx';
import { CreatePropertyDialog } from '@/features/properties/components/create-property-dialog.tsx';
import { DuplicateDialog } from '@/features/bills/components/duplicate-dialog.tsx';
import { FileDropZone } from '@/features/bills/components/file-drop-zone.tsx';
import { UploadFailure, UploadProgress, UploadSuccess } from '@/features/bills/components/upload-status.tsx';
import { WhyScanPanel } from '@/features/processing/components/why-scan-panel.tsx';
import { BillAllowanceNote } from '@/features/subscription/components/bill-allowance-note.tsx';
import { subscriptionKeys } from '@/features/subscription/api/subscription.ts';
import { useImportMeterData } from '@/features/meter-data/api/meter-data.ts';
import { isGreenButtonFile } from '@/features/meter-data/lib/green-button-file.ts';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';

/** Upload redirect delay of 01-core §9. */
const REDIRECT_DELAY_MS = 3000;

/** /bill-upload (01-core §2): choose or photograph a bill, follow its processing, land on the dashboard. */
export function BillUploadPage() {
  const navigate = useNavigate();
  const { isAuthenticated, isLoading: authLoading } = useAuth();
  const isMobile = useIsMobile();
  const [authDialogOpen, setAuthDialogOpen] = useState(false);
  const [propertyDialogOpen, setPropertyDialogOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [chosenPropertyId, setChosenPropertyId] = useState<string | undefined>();
  const [propertyType, setPropertyType] = useState<PropertyType>('residential');
  const [billType, setBillType] = useState<BillType>('electricity');
  const [stayOnPage, setStayOnPage] = useState(false);

  const properties = useProperties({ enabled: isAuthenticated });
  const openAuthRequired = useCallback(() => setAuthDialogOpen(true), []);
  const flow = useBillUploadFlow({ onUnauthenticated: openAuthRequired });
  // Green Button files (the meter's own readings) go to meter data, bills to the bill reader.
  const meterImport = useImportMeterData();
  const isMeterFile = file !== null && isGreenButtonFile(file);

  // The picked property when it is of the chosen type, else the first of that type (or a new one made by the server).
  const propertyId = propertyForUpload(chosenPropertyId, properties.data, propertyType);

  const isSuccess = flow.state.phase === 'success' && flow.bill !== null;
  // The month's allowance changes with every upload (accepted or refused).
  const queryClient = useQueryClient();
  const phase = flow.state.phase;
  useEffect(() => {
    if (phase === 'processing' || phase === 'error') void queryClient.invalidateQueries({ queryKey: subscriptionKeys.allowance() });
  }, [phase, queryClient]);
  const duplicate = useDuplicateQuestion(flow.bill, isSuccess);
  const askDuplicate = duplicate.open;
  const willRedirect = isSuccess && !askDuplicate && !stayOnPage;

  useEffect(() => {
    if (!willRedirect) return;
    const timer = window.setTimeout(() => void navigate('/dashboard'), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, willRedirect]);

  /** Signed-out visitors get the 'Authentication Required' dialog instead of the file picker. */
  const blockSignedOut = () => {
    // While the session is still loading, let the pick through: the upload itself answers 401 if needed.
    if (isAuthenticated || authLoading) return false;
    setAuthDialogOpen(true);
    return true;
  };

  const chooseFile = (chosen: File) => {
    if (blockSignedOut()) return;
    meterImport.reset();
    if (!isAcceptedBillFile(chosen) && !isGreenButtonFile(chosen)) {
      window.alert(UPLOAD_MESSAGES.unsupportedType);
      return;
    }
    setFile(chosen);
  };

  const startUpload = () => {
    if (blockSignedOut() || !file) return;
    if (isGreenButtonFile(file)) {
      meterImport.mutate({ file, propertyId });
      return;
    }
    duplicate.reset();
    setStayOnPage(false);
    flow.upload({ file, propertyType, billType, propertyId });
  };

  const chooseProperty = (property: Property) => {
    setChosenPropertyId(property.id);
    setPropertyType(property.propertyType);
  };

  const uploadAnother = () => {
    setStayOnPage(true);
    setFile(null);
    flow.reset();
  };

  const isBusy = flow.isBusy;

  return (
    <div className="mx-auto grid w-full max-w-[1200px] grid-cols-1 gap-6 px-4 py-8 sm:px-6">
      <Link to="/" className="flex w-fit items-center gap-1 text-sm text-accent hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Back to Home
      </Link>
      <div className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Upload Your Utility Bill</h1>
        <p className="text-muted-foreground">
          Upload a PDF or a photo of your bill. We read it in seconds and show what you can save.
        </p>
        {isAuthenticated ? <BillAllowanceNote /> : null}
      </div>

      <Tabs defaultValue="upload">
        <TabsList>
          <TabsTrigger value="upload">Upload Bill</TabsTrigger>
          <TabsTrigger value="costs">Cost Optimization</TabsTrigger>
        </TabsList>
        <TabsContent value="upload">
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[2fr_1fr]">
            <Card>
              <CardContent className="grid gap-6">
                {isSuccess && flow.bill ? (
                  <UploadSuccess bill={flow.bill} willRedirect={willRedirect} onUploadAnother={uploadAnother} />
                ) : (
                  <>
                    <BillOptions
                      properties={properties.data}
                      propertyId={propertyId}
                      propertyType={propertyType}
                      billType={billType}
                      disabled={isBusy}
                      showProperties={isAuthenticated}
                      onPropertyChange={chooseProperty}
                      onPropertyTypeChange={setPropertyType}
                      onBillTypeChange={setBillType}
                      onAddProperty={() => setPropertyDialogOpen(true)}
                    />
                    {isMobile && (
                      <CameraCapture
                        capturedFile={file?.name === 'bill_capture.jpg' ? file : null}
                        disabled={isBusy}
                        onBlockedPick={blockSignedOut}
                        onCapture={setFile}
                        onRetake={() => setFile(null)}
                      />
                    )}
                    <FileDropZone
                      file={file}
                      disabled={isBusy}
                      onBlockedPick={blockSignedOut}
                      onFile={chooseFile}
                      onClear={() => setFile(null)}
                      alsoAccept=".xml,.csv"
                      hint="PDF, JPEG, PNG or HEIC bills up to 10 MB, or your utility's Green Button meter data (XML or CSV)"
                    />
                    {meterImport.isError && (
                      <Alert variant="destructive">
                        <AlertTitle>Meter data not imported</AlertTitle>
                        <AlertDescription>{meterImport.error.message}</AlertDescription>
                      </Alert>
                    )}
                    {meterImport.data && (
                      <Alert>
                        <AlertTitle>Meter data imported</AlertTitle>
                        <AlertDescription>
                          {meterImport.data.meters.map((m) => `${m.readingsInFile.toLocaleString('en-US')} readings (${m.readingsAdded.toLocaleString('en-US')} new)`).join('; ')}.{' '}
                          <Link to="/meter-data" className="text-accent underline">
                            See your meter data
                          </Link>
                        </AlertDescription>
                      </Alert>
                    )}
                    {(flow.state.phase === 'uploading' || flow.state.phase === 'processing') && (
                      <UploadProgress state={flow.state} />
                    )}
                    {flow.state.phase === 'error' && flow.failure && (
                      <UploadFailure message={flow.failure} canRetry={flow.bill !== null} onRetry={flow.retry} upgradeHref={flow.needsUpgrade ? '/pricing' : undefined} />
                    )}
                    <Button size="lg" className="w-full sm:w-fit sm:justify-self-end" onClick={startUpload} disabled={isBusy || meterImport.isPending || (isAuthenticated && !file)}>
                      <UploadIcon aria-hidden />
                      {isBusy || meterImport.isPending ? 'Processing…' : isMeterFile ? 'Import Meter Data' : 'Upload Bill'}
                    </Button>
                  </>
                )}
              </CardContent>
            </Card>
            <div className="grid gap-6">
              <BillsInFlight enabled={isAuthenticated} followingId={flow.bill?.id ?? null} />
              <WhyScanPanel propertyType={propertyType} />
            </div>
          </div>
        </TabsContent>
        <TabsContent value="costs">
          <CostOptimizationTab isAuthenticated={isAuthenticated} />
        </TabsContent>
      </Tabs>

      <AuthRequiredDialog open={authDialogOpen} onOpenChange={setAuthDialogOpen} />
      {isAuthenticated && (
        <CreatePropertyDialog
          open={propertyDialogOpen}
          onOpenChange={setPropertyDialogOpen}
          defaultType={propertyType}
          onFailed={(failure) => toast.error('Failed to create property', { description: failure.message })}
          onCreated={chooseProperty}
        />
      )}
      <DuplicateDialog {...duplicate.dialog} />
    </div>
  );
}
