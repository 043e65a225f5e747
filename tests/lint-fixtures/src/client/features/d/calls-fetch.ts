// Goes around the RTK Query endpoints four ways: each is refused in a feature.
import { apiRequest } from '../../app/api-request';

export async function subscribe(email: string) {
  await fetch('/api/newsletter', { method: 'POST', body: JSON.stringify({ email }) });
  await window.fetch('/api/newsletter');
  const xhr = new XMLHttpRequest();
  return [xhr, await apiRequest('POST', '/api/newsletter')];
}
