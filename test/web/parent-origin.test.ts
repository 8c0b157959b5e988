// The builder posts its events to the embedder's origin, never to '*' when it knows better.
import { describe, expect, it } from 'vitest';
import { parentOrigins } from '../../web/builder/parent-origin.js';

describe('parentOrigins', () => {
  it('any origin allowed: the embedder, or * only when it is unknown', () => {
    expect(parentOrigins(null, 'https://app.example.com')).toEqual(['https://app.example.com']);
    expect(parentOrigins(null, null)).toEqual(['*']);
  });

  it('allowed origins: the embedder when listed, none when not, each allowed one when it is unknown', () => {
    const allowed = ['https://app.example.com', 'http://localhost:3000'];
    expect(parentOrigins(allowed, 'http://localhost:3000')).toEqual(['http://localhost:3000']);
    expect(parentOrigins(allowed, 'https://evil.example')).toEqual([]);
    expect(parentOrigins(allowed, null)).toEqual(allowed);
    expect(parentOrigins([], 'https://app.example.com')).toEqual([]);
  });
});
