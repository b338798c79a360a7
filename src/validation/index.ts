export * from './feedback';
export * from './mobile';
export * from './enterprise';
export * from './role';
export * from './tenant';
export * from './image-file';
export * from './account-forms';
export { yupField, isRequired } from './antd';
