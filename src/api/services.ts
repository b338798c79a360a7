/**
 * Mutators for orval: one per service, each prefixing its calls. The generated
 * hooks and functions return what these return — the unwrapped envelope `data`.
 */
import { request, type RequestConfig, type Unwrap } from './transport';

export const workbenchRequest = <T>(config: RequestConfig): Promise<Unwrap<T>> =>
  request<T>('workbench', config);
export const messageRequest = <T>(config: RequestConfig): Promise<Unwrap<T>> => request<T>('message', config);
export const rbacRequest = <T>(config: RequestConfig): Promise<Unwrap<T>> => request<T>('rbac', config);

export default workbenchRequest;
