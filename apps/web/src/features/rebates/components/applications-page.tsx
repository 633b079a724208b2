import { APPLICATION_MESSAGES, type ApplicationStatus, type RebateApplication } from '@wattwise/shared/contract/rebates';
import { ExternalLinkIcon, FileTextIcon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { useApplications, useDeleteApplication } from '../api/applications.ts';
import { formatDay } from '../lib/format.ts';
import { APPLICATION_TOASTS } from '../messages.ts';
import { ApplicationDialog } from './application-dialog.tsx';

const STATUS_VARIANT: Record<ApplicationStatus, 'info' | 'warning' | 'success' | 'destructive' | 'secondary'> = {
  Submitted: 'info',
  'Under Review': 'warning',
  Approved: 'success',
  Rejected: 'destructive',
  'Pending More Info': 'warning',
  Paid: 'success',
};

/** /applications (02-tools §2.22): the signed-in user's rebate applications. */
export function ApplicationsPage() {
  const { isAuthenticated, isLoading } = useAuth();
  const navigate = useNavigate();
  const applications = useApplications(isAuthenticated);
  const remove = useDeleteApplication();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RebateApplication | null>(null);
  const [deleting, setDeleting] = useState<RebateApplication | null>(null);

  useEffect(() => {
    if (applications.isError) toast.error(APPLICATION_TOASTS.loadFailed(applications.error.message));
  }, [applications.isError, applications.error]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(APPLICATION_MESSAGES.deleted);
    } catch (error) {
      toast.error(APPLICATION_TOASTS.deleteFailed(error instanceof Error ? error.message : 'Unknown error'));
    } finally {
      setDeleting(null);
    }
  };

  const list = applications.data ?? [];
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Application Tracking</h1>
          <p className="mt-1 text-muted-foreground">Follow each rebate application from submission to payment.</p>
        </div>
        {isAuthenticated && list.length > 0 && (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden /> Add Application
          </Button>
        )}
      </div>

      <div className="mt-8">
        {!isLoading && !isAuthenticated ? (
          <Card className="mx-auto max-w-lg text-center">
            <CardContent className="grid gap-3">
              <h2 className="text-lg font-semibold">Sign in to track your applications</h2>
              <p className="text-sm text-muted-foreground">Your rebate applications are kept in your account.</p>
              <Button className="mx-auto" onClick={() => void navigate('/applications', { state: { openAuth: 'signin', returnPath: '/applications' } })}>
                Sign In
              </Button>
            </CardContent>
          </Card>
        ) : applications.isPending || isLoading ? (
          <div className="grid gap-4 md:grid-cols-2">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-48" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <Card className="mx-auto max-w-lg text-center">
            <CardContent className="grid gap-3 py-6">
              <FileTextIcon className="mx-auto size-10 text-muted-foreground" aria-hidden />
              <h2 className="text-lg font-semibold">No Applications Yet</h2>
              <p className="text-sm text-muted-foreground">Add the rebates you apply for and keep their status up to date.</p>
              <Button className="mx-auto" onClick={() => setAdding(true)}>
                Add Your First Application
              </Button>
            </CardContent>
          </Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {list.map((a) => (
              <li key={a.id}>
                <Card role="article" aria-label={a.programName} className="h-full">
                  <CardHeader className="gap-2">
                    <Badge variant={STATUS_VARIANT[a.currentStatus]} className="w-fit">
                      {a.currentStatus}
                    </Badge>
                    <CardTitle className="text-base">{a.programName}</CardTitle>
                  </CardHeader>
                  <CardContent className="grid gap-1 text-sm text-muted-foreground">
                    <p>Rebate ID: {a.rebateId}</p>
                    {a.submissionDate && <p>Submitted {formatDay(a.submissionDate)}</p>}
                    {a.estimatedPaymentDate && <p>Payment expected {formatDay(a.estimatedPaymentDate)}</p>}
                    {a.actualPaymentDate && <p>Paid {formatDay(a.actualPaymentDate)}</p>}
                    {a.notes && <p className="text-foreground">{a.notes}</p>}
                    {a.externalLink && (
                      <a className="inline-flex items-center gap-1 text-accent underline-offset-4 hover:underline" href={a.externalLink} target="_blank" rel="noopener noreferrer">
                        Application page <ExternalLinkIcon className="size-3.5" aria-hidden />
                      </a>
                    )}
                  </CardContent>
                  <CardFooter className="gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(a)}>
                      Edit
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(a)}>
                      Delete
                    </Button>
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>

      <ApplicationDialog mode="add" draft={null} open={adding} onClose={() => setAdding(false)} />
      {editing && <ApplicationDialog mode="edit" application={editing} open onClose={() => setEditing(null)} />}
      <AlertDialog open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete application</AlertDialogTitle>
            <AlertDialogDescription>{APPLICATION_MESSAGES.deleteConfirm}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => void confirmDelete()}>Delete</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
