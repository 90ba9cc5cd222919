export interface App {
  pkg: string;
  name: string;
}
export const REMOTE_APPS: App[];
export const APPS: App[];
export function findRemote(nameOrPkg: string): App | undefined;
