// How long each stage of a render took (the CLI's --verbose): a lap clock, each lap charged to
// the stage that just ended. Layout, paint and writing alternate page by page, so each adds
// up over the pages, and over the passes of a document that is laid out twice.

/** The stages a render's time is charged to. */
export type RenderStage = 'parse' | 'resources' | 'style' | 'boxes' | 'layout' | 'paint' | 'write';

/** Milliseconds spent in each stage. */
export type StageTimings = Readonly<Record<RenderStage, number>>;

export class StageClock {
  private last = performance.now();
  private readonly ms: Record<RenderStage, number> = { parse: 0, resources: 0, style: 0, boxes: 0, layout: 0, paint: 0, write: 0 };

  /** Charges the time since the last lap to `stage`. */
  lap(stage: RenderStage): void {
    const now = performance.now();
    this.ms[stage] += now - this.last;
    this.last = now;
  }

  get timings(): StageTimings {
    return { ...this.ms };
  }
}
