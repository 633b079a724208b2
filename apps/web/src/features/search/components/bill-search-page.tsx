import { zodResolver } from '@hookform/resolvers/zod';
import { type BillSearchRequest, billSearchRequestSchema, SEARCH_MESSAGES } from '@wattwise/shared/contract/search';
import { Loader2Icon, SearchIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useAuth } from '@/hooks/use-auth.ts';
import { formatDate, formatMoneyOrNull, MISSING_VALUE } from '@/lib/format.ts';
import { useBillSearch } from '../api/bill-search.ts';

/**
 * /bill-search (02-tools §2.3): a term, the User ID filter (shown to admins, the only callers
 * the server honours it for), Search; Enter submits. Results: Date, Amount, Matching Content
 * (the server's snippet: escaped text with the hits in <mark>), Provider ID.
 */
export function BillSearchPage() {
  const { isAuthenticated, isAdmin, isLoading, user } = useAuth();
  const navigate = useNavigate();
  const search = useBillSearch();
  const { register, handleSubmit, formState } = useForm<BillSearchRequest>({
    resolver: zodResolver(billSearchRequestSchema),
    defaultValues: { searchTerm: '', userId: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        await search.mutateAsync({ searchTerm: values.searchTerm.trim(), userId: values.userId?.trim() ? values.userId.trim() : null });
      } catch (error) {
        toast.error(SEARCH_MESSAGES.errorTitle, { description: error instanceof Error ? error.message : String(error) });
      }
    },
    (errors) => {
      if (errors.searchTerm) toast.error(SEARCH_MESSAGES.errorTitle, { description: SEARCH_MESSAGES.termRequired });
    },
  );

  const results = search.data?.results;
  const termError = formState.errors.searchTerm?.message;
  return (
    <section className="mx-auto w-full max-w-[1200px] px-4 py-10 md:px-6">
      <h1 className="text-3xl font-semibold">Bill Search</h1>
      <p className="mt-1 text-muted-foreground">Find any bill by provider, account number, amount, date or a word printed on it.</p>

      {!isLoading && !isAuthenticated ? (
        <Card className="mx-auto mt-8 max-w-lg text-center">
          <CardContent className="grid gap-3">
            <h2 className="text-lg font-semibold">Sign in to search your bills</h2>
            <Button className="mx-auto" onClick={() => void navigate('/bill-search', { state: { openAuth: 'signin', returnPath: '/bill-search' } })}>
              Sign In
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <form className="mt-6 grid gap-4 md:grid-cols-[1fr_16rem_auto] md:items-end" onSubmit={(e) => void onSubmit(e)} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="search-term">Search term</Label>
              <Input
                id="search-term"
                placeholder="e.g. Georgia Power, 2026-03-15, 128.47, overdue"
                aria-invalid={termError ? true : undefined}
                aria-describedby={termError ? 'search-term-error' : undefined}
                {...register('searchTerm')}
              />
              {termError && (
                <p id="search-term-error" className="text-sm text-destructive">
                  {termError}
                </p>
              )}
            </div>
            {isAdmin && (
              <div className="grid gap-2">
                <Label htmlFor="search-user">User ID (optional)</Label>
                <Input id="search-user" placeholder="Any user's id" {...register('userId')} />
              </div>
            )}
            <Button type="submit" disabled={search.isPending}>
              {search.isPending ? <Loader2Icon className="animate-spin motion-reduce:animate-none" aria-hidden /> : <SearchIcon aria-hidden />}
              Search
            </Button>
          </form>

          {results && (
            <Card className="mt-6 py-0">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Date</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead>Matching Content</TableHead>
                    <TableHead>Provider ID</TableHead>
                    <TableHead>
                      <span className="sr-only">Open</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {results.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                        No bills match your search.
                      </TableCell>
                    </TableRow>
                  ) : (
                    results.map((r) => (
                      <TableRow key={r.billId}>
                        <TableCell className="whitespace-nowrap">{formatDate(r.billDate) ?? MISSING_VALUE}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatMoneyOrNull(r.billAmount) ?? MISSING_VALUE}</TableCell>
                        {/* The server escapes the snippet; its only markup is <mark> around the hits (decision 100). */}
                        <TableCell className="max-w-xl text-sm whitespace-normal [&_mark]:rounded-sm [&_mark]:bg-warning/30 [&_mark]:px-0.5 [&_mark]:text-foreground" dangerouslySetInnerHTML={{ __html: r.highlightText }} />
                        <TableCell>{r.utilityProviderId}</TableCell>
                        <TableCell>
                          {/* The bill's page is its owner's: an admin searching another user's bills reads the results only. */}
                          {search.data?.searchedUserId === user?.id && (
                            <Link to={`/dashboard/bills/${r.billId}`} className="text-accent underline underline-offset-4">
                              Open bill<span className="sr-only"> of {formatDate(r.billDate) ?? 'unknown date'}</span>
                            </Link>
                          )}
                        </TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </Card>
          )}
        </>
      )}
    </section>
  );
}
