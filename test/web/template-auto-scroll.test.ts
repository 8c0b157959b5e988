// How fast a drag near the edge of the pages' view scrolls it (web/builder/template/autoScroll.ts).
import { describe, expect, it } from 'vitest';
import { AUTO_SCROLL_MAX, AUTO_SCROLL_ZONE, autoScrollSpeed, scrollStep } from '../../web/builder/template/autoScroll.js';

const VIEW = { top: 100, bottom: 700 };

describe('autoScrollSpeed', () => {
  it('is nothing away from the edges', () => {
    expect(autoScrollSpeed(400, VIEW)).toBe(0);
    expect(autoScrollSpeed(VIEW.top + AUTO_SCROLL_ZONE, VIEW)).toBe(0);
    expect(autoScrollSpeed(VIEW.bottom - AUTO_SCROLL_ZONE, VIEW)).toBe(0);
  });

  it('scrolls down near the bottom and up near the top, faster nearer the edge', () => {
    const near = autoScrollSpeed(VIEW.bottom - 30, VIEW);
    const nearer = autoScrollSpeed(VIEW.bottom - 10, VIEW);
    expect(near).toBeGreaterThan(0);
    expect(nearer).toBeGreaterThan(near);
    expect(nearer).toBeCloseTo(AUTO_SCROLL_MAX * 0.75);
    expect(autoScrollSpeed(VIEW.top + 10, VIEW)).toBeCloseTo(-AUTO_SCROLL_MAX * 0.75);
    expect(autoScrollSpeed(VIEW.top + 30, VIEW)).toBeGreaterThan(autoScrollSpeed(VIEW.top + 10, VIEW));
  });

  it('is full speed at and past the edge', () => {
    expect(autoScrollSpeed(VIEW.bottom, VIEW)).toBe(AUTO_SCROLL_MAX);
    expect(autoScrollSpeed(VIEW.bottom + 200, VIEW)).toBe(AUTO_SCROLL_MAX);
    expect(autoScrollSpeed(VIEW.top - 50, VIEW)).toBe(-AUTO_SCROLL_MAX);
  });

  it('splits a short view between its two zones', () => {
    const short = { top: 0, bottom: 40 };
    expect(autoScrollSpeed(20, short)).toBe(0);
    expect(autoScrollSpeed(5, short)).toBeLessThan(0);
    expect(autoScrollSpeed(35, short)).toBeGreaterThan(0);
    expect(autoScrollSpeed(0, { top: 0, bottom: 0 })).toBe(0);
  });
});

describe('scrollStep', () => {
  it('is the speed over the time, in whole pixels, at least one', () => {
    expect(scrollStep(1200, 1000 / 60)).toBe(20);
    expect(scrollStep(-600, 20)).toBe(-12);
    expect(scrollStep(10, 16)).toBe(1);
    expect(scrollStep(-10, 16)).toBe(-1);
    expect(scrollStep(0, 16)).toBe(0);
  });
});
