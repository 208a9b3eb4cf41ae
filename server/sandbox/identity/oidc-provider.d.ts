// oidc-provider ships no types (and @types/oidc-provider is not installed): the little of its API the
// identity sandbox uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Interaction {
    uid: string;
    params: Record<string, unknown>;
  }

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  /** Koa's context, as far as the sandbox's middleware reads and changes the provider's answers. */
  export interface ProviderContext {
    oidc?: { route?: string };
    status: number;
    body: unknown;
    response: { get(field: string): string };
    set(field: string, value: string): void;
  }

  export default class Provider {
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    Grant: new (input: {
      accountId: string;
      clientId: string;
    }) => Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
