import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useSetGoal } from '../api/gamification.ts';

const goalFormSchema = z.object({
  monthlyGoal: z.string().refine((v) => Number(v) >= 1 && Number(v) <= 100_000, 'Enter a goal between $1 and $100,000.'),
});
type GoalForm = z.infer<typeof goalFormSchema>;

/** Set Goals: the monthly savings goal (default $50). */
export function GoalDialog({ open, onOpenChange, currentCents }: { open: boolean; onOpenChange: (open: boolean) => void; currentCents: number }) {
  const setGoal = useSetGoal();
  const { register, handleSubmit, formState } = useForm<GoalForm>({ resolver: zodResolver(goalFormSchema), values: { monthlyGoal: String(currentCents / 100) } });
  const error = formState.errors.monthlyGoal?.message;
  const submit = (form: GoalForm) =>
    setGoal.mutate(Number(form.monthlyGoal), {
      onSuccess: () => {
        toast.success('Goal saved');
        onOpenChange(false);
      },
      onError: () => toast.error('Failed to save your goal.'),
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Set Goals</DialogTitle>
          <DialogDescription>How much would you like to save each month?</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="monthlyGoal">Monthly savings goal ($)</Label>
            <Input id="monthlyGoal" inputMode="decimal" aria-invalid={error ? true : undefined} aria-describedby={error ? 'monthlyGoal-error' : undefined} {...register('monthlyGoal')} />
            {error && (
              <p id="monthlyGoal-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="submit" disabled={setGoal.isPending}>
              Save goal
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
