/**
 * The realtime socket against the AsyncAPI document (openapi/realtime.asyncapi.yaml of the contracts): connect, send the register
 * message, expect the acknowledgement when the contract has one, get a new-message event
 * (through the mock's push trigger when the upstream has one, else by waiting
 * `waitMs` for the server to send one), and validate every frame that arrives.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import WebSocket from 'ws';
import { DocumentStore, isObject } from '@zhique/workbench-contracts/reader';
import {
  asyncapiFile,
  loadRealtimeContract,
  REALTIME_PATH,
  type FrameShape,
  type RealtimeContract,
} from '@zhique/workbench-contracts/reader';
import type { SentRequest } from './client';
import type { Findings } from './findings';

/** AsyncAPI operation ids: the one whose reply is the ack, and the one that receives events. */
function operationIds(file: string): { ack: string; event: string } {
  const doc = new DocumentStore().load(file);
  const operations = isObject(doc) && isObject(doc.operations) ? doc.operations : {};
  const ids = { ack: 'register', event: 'receiveNewMessage' };
  for (const [id, op] of Object.entries(operations)) {
    if (!isObject(op)) continue;
    if (op.action === 'send') ids.ack = id;
    if (op.action === 'receive') ids.event = id;
  }
  return ids;
}

/** A frame that leaves the AsyncAPI contract: which operation's, what it should be, what is wrong. */
export interface FrameProblem {
  operationId: string;
  message: string;
  expected: string;
  field?: string;
}

/**
 * The frame checks of the socket contract, for the checker's own socket run and for the
 * integration gateway's live checks of what a real server (and the app) send.
 */
export class FrameChecker {
  readonly contract: RealtimeContract;
  readonly ids: { ack: string; event: string };
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly server: [FrameShape, string][];

  /** `file`: the AsyncAPI document (the contracts package's own by default). */
  constructor(file = asyncapiFile) {
    this.contract = loadRealtimeContract(file);
    this.ids = operationIds(file);
    this.server = [[this.contract.newMessage, this.ids.event]];
    if (this.contract.ack) this.server.push([this.contract.ack, this.ids.ack]);
  }

  /** A frame the server sent must be one of the server's messages, valid against its schema. */
  serverFrame(frame: unknown): FrameProblem | undefined {
    const type = isObject(frame as never) ? (frame as { type?: unknown }).type : undefined;
    const match = this.server.find(([shape]) => shape.type === type);
    if (!match)
      return {
        operationId: this.ids.event,
        // The frame itself is the finding's `actual`: a message without it is reported once.
        message: `a frame of no message in the contract (type ${JSON.stringify(type) ?? 'missing'})`,
        expected: `a frame of type ${this.server.map(([s]) => s.type).join(' or ')}`,
        field: '/type',
      };
    return this.validate(match[0], match[1], frame, 'the message schema of the AsyncAPI contract');
  }

  /** A frame the client sent must be the register message. */
  clientFrame(frame: unknown): FrameProblem | undefined {
    return this.validate(
      this.contract.register,
      this.ids.ack,
      frame,
      'the register message of the AsyncAPI contract',
    );
  }

  private validate(
    shape: FrameShape,
    operationId: string,
    frame: unknown,
    expected: string,
  ): FrameProblem | undefined {
    if (!shape.schema || this.ajv.validate(shape.schema, frame)) return undefined;
    const errors = this.ajv.errors ?? [];
    const type = isObject(frame as never) ? (frame as { type?: unknown }).type : undefined;
    return {
      operationId,
      message: `type ${String(type)}: ${errors.map((e) => `${e.instancePath || '(frame)'} ${e.message}`).join('; ')}`,
      expected,
      field: errors[0]?.instancePath || '(frame)',
    };
  }
}

export interface SocketOptions {
  upstream: string;
  uid: string;
  /** How long to wait for the ack and for an event. */
  waitMs: number;
  /** Asks the upstream to send an event (the mock's push); false when it cannot. */
  trigger: () => Promise<boolean>;
  /** The AsyncAPI document (the contracts package's own by default). */
  asyncapiFile?: string;
}

export async function checkSocket(options: SocketOptions, findings: Findings): Promise<{ frames: number }> {
  const checker = new FrameChecker(options.asyncapiFile);
  const { contract, ids } = checker;
  const url = `${options.upstream.replace(/^http/, 'ws').replace(/\/$/, '')}${REALTIME_PATH}`;
  // A socket request has no curl line: the report shows the frame to send (e.g. with websocat).
  const sent: SentRequest = { method: 'WEBSOCKET', url, headers: {} };
  const register = {
    id: `conformance-${Date.now()}`,
    content: contract.register.content ?? 'register',
    type: contract.register.type,
    exp: { uid: options.uid },
  };

  const socket = new WebSocket(url, { handshakeTimeout: options.waitMs });
  const frames: unknown[] = [];
  const arrived: (() => void)[] = [];
  socket.on('message', (data, isBinary) => {
    let frame: unknown = isBinary ? data : undefined;
    if (!isBinary) {
      try {
        frame = JSON.parse(data.toString());
      } catch {
        frame = data.toString();
      }
    }
    frames.push(frame);
    for (const wake of arrived.splice(0)) wake();
  });
  const opened = await new Promise<string | undefined>((resolve) => {
    socket.once('open', () => resolve(undefined));
    socket.once('error', (error) => resolve(error.message));
  });
  if (opened !== undefined) {
    findings.add(
      ids.event,
      'no_answer',
      `the socket did not open: ${opened}`,
      sent,
      'a WebSocket connection',
      opened,
    );
    return { frames: 0 };
  }
  const waitFor = async (test: (frame: unknown) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (frames.some(test)) return true;
      await new Promise<void>((resolve) => {
        arrived.push(resolve);
        setTimeout(resolve, Math.max(0, deadline - Date.now()));
      });
    }
    return frames.some(test);
  };
  const typed = (type: number) => (frame: unknown) =>
    isObject(frame as never) && (frame as { type?: unknown }).type === type;

  const registerSent: SentRequest = { ...sent, body: JSON.stringify(register) };
  socket.send(JSON.stringify(register));
  if (contract.ack && !(await waitFor(typed(contract.ack.type), options.waitMs)))
    findings.add(
      ids.ack,
      'socket_no_ack',
      `no acknowledgement (type ${contract.ack.type}) within ${options.waitMs} ms of the register message`,
      registerSent,
      `a frame of type ${contract.ack.type}`,
      'nothing',
    );
  const triggered = await options.trigger();
  const gotEvent = await waitFor(
    typed(contract.newMessage.type),
    triggered ? options.waitMs : options.waitMs,
  );
  if (!gotEvent) {
    if (triggered)
      findings.add(
        ids.event,
        'socket_no_event',
        `no new-message frame within ${options.waitMs} ms of a push`,
        registerSent,
        `a frame of type ${contract.newMessage.type}`,
        'nothing',
      );
    else
      findings.warn({
        operationId: ids.event,
        kind: 'not_checked',
        message:
          'no new-message event arrived and the upstream has no push trigger: send one during the run (--socket-wait)',
      });
  }
  socket.close();

  // Every frame must be one of the server's messages, valid against its schema.
  for (const frame of frames) {
    const problem = checker.serverFrame(frame);
    if (problem)
      findings.add(
        problem.operationId,
        'socket_frame_conformance',
        problem.message,
        registerSent,
        problem.expected,
        JSON.stringify(frame),
        problem.field,
      );
  }
  return { frames: frames.length };
}
