import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cn } from '@/lib/cn';
import { dismissToast, useToast } from './use-toast';

/** Radix toasts: 5 s, swipe right 50 px to dismiss, F8 to focus (docs/product.md, Limits and constants). */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg data-[state=open]:animate-fade-in data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
            t.variant === 'destructive'
              ? 'border-red-200 bg-destructive-soft text-red-950'
              : t.variant === 'success'
                ? 'border-green-200 bg-success-soft text-green-950'
                : 'border-border bg-surface text-foreground',
          )}
        >
          <div className="grid flex-1 gap-1">
            {t.title && <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>}
            {t.description && (
              <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
            )}
            {t.action}
          </div>
          <Toast.Close
            className="absolute top-2.5 right-2.5 rounded-md p-1 opacity-70 hover:opacity-100"
            aria-label="Close"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
