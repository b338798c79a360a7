/**
 * Reading the contracts in Node: the documents as they are (`DocumentStore`, `listOperations`,
 * `$ref`s followed on demand), a request or an answer checked against an operation
 * (`ContractView`), the realtime socket's AsyncAPI document, and the examples a schema declares.
 */
export * from './openapi';
export * from './contract-view';
export * from './realtime-contract';
export * from './declared-example';
