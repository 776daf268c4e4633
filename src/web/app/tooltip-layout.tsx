import { Outlet } from 'react-router';
import { TooltipProvider } from '@/components/ui/tooltip';

/** Every page past the landing page: the spec's tooltip timing (700 ms, 300 ms skip) for all of them. */
export default function TooltipLayout() {
  return (
    <TooltipProvider>
      <Outlet />
    </TooltipProvider>
  );
}
