import type * as React from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';

/** Every page past the landing page: the tooltip timing (700 ms, 300 ms skip) for all of them. */
export default function TooltipLayout({ children }: { children: React.ReactNode }) {
  return <TooltipProvider>{children}</TooltipProvider>;
}
