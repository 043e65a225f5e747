// Stands for src/client/app/api-request.ts, so the fixtures that import it type-check.
export const apiRequest = async <T>(method: string, url: string): Promise<T> => (await fetch(url, { method })).json() as Promise<T>;
