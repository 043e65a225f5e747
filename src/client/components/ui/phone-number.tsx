import { formatEgyptianMobile } from '../../../shared/domain/phone';

/**
 * A phone number as every page shows it: an Egyptian mobile in its international form
 * (`+20 100 555 0199`, however it was typed), kept left to right inside Arabic text.
 */
export function PhoneNumber({ value, className }: { value: string; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {formatEgyptianMobile(value)}
    </bdi>
  );
}
