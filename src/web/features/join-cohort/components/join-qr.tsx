import { QRCodeSVG } from 'qrcode.react';
import { cn } from '@/lib/cn';

/** The QR code of a cohort's join link (loaded on demand, its library with it: decision 018). */
export default function JoinQr({ url, className }: { url: string; className?: string }) {
  return (
    <QRCodeSVG
      value={url}
      title={`QR code of the join link ${url}`}
      marginSize={0}
      size={512}
      className={cn('size-48', className)}
      data-testid="join-qr"
    />
  );
}
