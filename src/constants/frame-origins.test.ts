import { describe, expect, it } from 'vitest';
import { frameAppOfHost, frameOriginFor } from './frame-origins';

const shell = { protocol: 'http:', port: '5173' };

describe('the sub-apps’ frame origins', () => {
  it('default to {app}.localhost on the shell’s scheme and port: one origin per app, none the shell’s', () => {
    expect(frameOriginFor('manual', undefined, shell)).toBe('http://manual.localhost:5173');
    expect(frameOriginFor('engine', '', { protocol: 'https:', port: '' })).toBe('https://engine.localhost');
  });

  it('follow the configured template', () => {
    const template = 'https://{app}.apps.example.com';
    expect(frameOriginFor('product', template, shell)).toBe('https://product.apps.example.com');
    expect(frameOriginFor('product', 'https://{app}.apps.example.com:8443/ignored/path', shell)).toBe(
      'https://product.apps.example.com:8443',
    );
  });

  it('refuse a template that would put the apps on one origin', () => {
    expect(() => frameOriginFor('manual', 'https://apps.example.net/{app}/', shell)).toThrow(
      /must name \{app\} in its host/,
    );
  });

  it('know which app a host serves, and no other host', () => {
    expect(frameAppOfHost('manual.localhost', undefined)).toBe('manual');
    expect(frameAppOfHost('MANUAL.localhost', undefined)).toBe('manual');
    expect(frameAppOfHost('localhost', undefined)).toBeUndefined();
    expect(frameAppOfHost('evil.localhost', undefined)).toBeUndefined();
    expect(frameAppOfHost('manual.localhost.evil.com', undefined)).toBeUndefined();
    const template = 'https://{app}.apps.example.com';
    expect(frameAppOfHost('channel.apps.example.com', template)).toBe('channel');
    expect(frameAppOfHost('channel.localhost', template)).toBeUndefined();
  });
});
