// Stands for src/client/app/api.ts: an RTK Query endpoint's hook, as a feature would call it.
export const useSubscribeMutation = () => [(email: string) => ({ unwrap: async () => ({ email }) })] as const;
