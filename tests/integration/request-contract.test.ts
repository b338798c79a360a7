/**
 * The request side of the contracts (ContractView.checkRequest): what the integration gateway
 * holds the app's own calls to — parameters present and of their type (text read as a server
 * reads it), a documented media type, JSON bodies against their schema.
 */
import { describe, expect, it } from 'vitest';
import { ContractView } from '@zhique/workbench-contracts/reader';
import { listOperations, serviceDocuments, type OperationInfo } from '@zhique/workbench-contracts/reader';

const contracts = new ContractView();
const operations = serviceDocuments.flatMap((s) => listOperations(contracts.documents, s));
const op = (id: string): OperationInfo => {
  const found = operations.find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const request = (path: string, query = '', body?: Buffer, contentType = 'application/json') => ({
  path,
  query: new URLSearchParams(query),
  headers: {},
  contentType: body ? contentType : undefined,
  body: body ?? Buffer.alloc(0),
});

describe('checking the requests a client sends', () => {
  it('accepts query parameters written as text when they read as their type', () => {
    expect(
      contracts.checkRequest(op('listRoles'), request('/role/v1/list', 'index=2&page_size=10&name=编辑')),
    ).toEqual([]);
  });

  it('names the parameter and what is wrong with it', () => {
    expect(
      contracts.checkRequest(op('listRoles'), request('/role/v1/list', 'index=two&page_size=500')),
    ).toEqual([
      { field: 'query.index', message: expect.stringContaining('must be integer') },
      { field: 'query.page_size', message: expect.stringContaining('must be <= 100') },
    ]);
  });

  it('checks a JSON body against its schema, field by field', () => {
    const list = op('listNotices');
    const good = { app_name: '', readState: 0, index: 1, page_size: 100, uid: 'u-1001', tid: 't-1' };
    expect(
      contracts.checkRequest(list, request('/v1/tenant/t-1/user/u-1001/msg/list', '', json(good))),
    ).toEqual([]);
    const problems = contracts.checkRequest(
      list,
      request('/v1/tenant/t-1/user/u-1001/msg/list', '', json({ ...good, readState: 1, index: 'a' })),
    );
    expect(problems.map((p) => p.field).sort()).toEqual(['body/index', 'body/readState']);
  });

  it('refuses a missing required body, one that is not JSON, and an undocumented media type', () => {
    const feedback = op('submitQuestionFeedback');
    expect(contracts.checkRequest(feedback, request('/feedback/v1/question'))).toEqual([
      { field: 'body', message: 'the required body is missing' },
    ]);
    expect(contracts.checkRequest(feedback, request('/feedback/v1/question', '', Buffer.from('{')))).toEqual([
      { field: 'body', message: 'the body is not JSON' },
    ]);
    expect(
      contracts.checkRequest(
        feedback,
        request('/feedback/v1/question', '', Buffer.from('a=1'), 'text/plain'),
      ),
    ).toEqual([
      { field: 'header.content-type', message: expect.stringContaining('"text/plain" is not documented') },
    ]);
  });
});
