import { solicitationBase } from '../../../lib/solicitation-api';

/** Every answer about a product's uploads is under this key. */
export const bulkKey = (productId: number) => ['solicitation-bulk', productId] as const;

export const bulkPath = (productId: number) => `${solicitationBase(productId)}/bulk`;
