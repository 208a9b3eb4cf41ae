import type {
  IAddressResponse,
  IBusinessResponse,
  ICustomerPortalSessionResponse,
  ICustomerResponse,
  IEventTypeResponse,
  INotificationLogResponse,
  INotificationResponse,
  INotificationSettingsResponse,
  IPriceResponse,
  IProductResponse,
  IReplayNotificationResponse,
  ISubscriptionResponse,
  ITransactionResponse,
} from '@paddle/paddle-node-sdk';
import type { AddressEntity, BusinessEntity } from '../api/addresses-and-businesses';
import type { CustomerEntity } from '../api/customers';
import type { NotificationEntity, NotificationLogEntity } from '../api/notifications';
import type { PortalSessionEntity } from '../api/portal-sessions';
import type { PriceEntity } from '../api/prices';
import type { ProductEntity } from '../api/products';
import type { SubscriptionEntity } from '../billing/subscription-entity';
import type { TransactionEntity } from '../billing/transaction-entity';
import type { EventType } from '../notifications/event-types';
import type { NotificationSettingEntity } from '../notifications/setting';

/**
 * A type-level test, run by `npm run typecheck`: each body the sandbox answers (its entity type)
 * must be assignable to the SDK's response type for it, or this file does not compile. `Widen` turns
 * the SDK's string unions (currency and country codes, tax categories, event names) into string on
 * its side: the sandbox keeps them as strings, and the OpenAPI test checks their values at run time.
 * Every field's presence, nullability and structure is still checked here.
 */
type Widen<T> = T extends string
  ? string
  : T extends (infer Item)[]
    ? Widen<Item>[]
    : T extends object
      ? { [K in keyof T]: Widen<T[K]> }
      : T;

type Fits<Sandbox extends Widen<Sdk>, Sdk> = [Sandbox, Sdk];

export type SandboxBodiesFitTheSdk = [
  Fits<ProductEntity, IProductResponse>,
  Fits<PriceEntity, IPriceResponse>,
  Fits<CustomerEntity, ICustomerResponse>,
  Fits<AddressEntity, IAddressResponse>,
  Fits<BusinessEntity, IBusinessResponse>,
  Fits<PortalSessionEntity, ICustomerPortalSessionResponse>,
  Fits<EventType, IEventTypeResponse>,
  Fits<NotificationSettingEntity, INotificationSettingsResponse>,
  Fits<
    NotificationEntity,
    Omit<INotificationResponse, 'payload'> & {
      payload: { event_id: string; event_type: string; occurred_at: string; notification_id: string };
    }
  >,
  Fits<{ notification_id: string }, IReplayNotificationResponse>,
  Fits<NotificationLogEntity, INotificationLogResponse>,
  Fits<TransactionEntity, ITransactionResponse>,
  Fits<SubscriptionEntity, ISubscriptionResponse>,
];
