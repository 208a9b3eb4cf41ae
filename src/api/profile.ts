import type { ApiClient } from '@/api/client';
import type { Profile } from '@/domain/entities';

/** The signed-in account. A 401 here at login means not logged in (spec section 8). */
export const getProfile = (api: ApiClient) => api.get<Profile>('/api/v2/profile');
