// Types of the sub-app kit (index.js), from the contract packages/contracts/openapi/sub-apps.schema.yaml
// (contract.d.ts beside this file, written by `npm run gen`): the kit needs nothing else.
import type {
  AppToShell,
  OpenRequest,
  SessionContext,
  SessionToken,
  ShellToApp,
  SubAppName,
  ToastRequest,
} from './contract';

export type { AppToShell, SessionContext, SessionToken, ShellToApp, SubAppName };

/** What the shell's data looks like: every message it sent, merged (micro-app's rule); `type` is the latest. */
export type ShellData = Partial<Record<string, unknown>> & ShellToApp;

export declare function isEmbedded(): boolean;
export declare function appName(): SubAppName | null;
export declare function baseRoute(standalone?: string): string;
export declare function getShellData(): ShellData | null;
export declare function onShellData(listener: (data: ShellData) => void): () => void;
export declare function getContext(): SessionContext | null;
export declare function onContext(listener: (context: SessionContext) => void): () => void;
export declare function sendToShell(message: AppToShell): boolean;
export declare function openShellDialog(dialog: OpenRequest['dialog']): boolean;
export declare function navigateShell(path: string): boolean;
export declare function noticesChanged(): boolean;
export declare function onUnmount(cleanup: () => void): void;
export declare function showToast(level: ToastRequest['level'], content: string): boolean;
export declare function reportSessionExpired(): boolean;
export declare function confirm(question: { title: string; content?: string }): Promise<boolean>;
export declare function getSessionToken(): Promise<SessionToken>;
export declare function onSessionToken(
  listener: (token: SessionToken) => void,
  onError?: (error: Error) => void,
): () => void;
