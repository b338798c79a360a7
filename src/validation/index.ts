export * from './feedback';
export * from './mobile';
export { yupField, isRequired } from './antd';
