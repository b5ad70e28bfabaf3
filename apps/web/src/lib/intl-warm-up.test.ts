import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './intl-warm-up';

class FakeWorker extends EventTarget {
  static created: FakeWorker[] = [];
  posted: unknown[] = [];
  terminated = false;
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    FakeWorker.created.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
}

describe('warmUpIntl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.created = [];
  });

  it("starts a module worker with the language's locale and ends it once it answers", () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = warmUpIntl('zh-CN') as unknown as FakeWorker;
    expect(FakeWorker.created).toEqual([worker]);
    expect(String(worker.url)).toMatch(/intl-warm-up\.worker/);
    expect(worker.options?.type).toBe('module');
    expect(worker.posted).toEqual(['zh-CN']);
    expect(worker.terminated).toBe(false);
    worker.dispatchEvent(new MessageEvent('message', { data: 'warm' }));
    expect(worker.terminated).toBe(true);
  });

  it('ends a worker that fails', () => {
    vi.stubGlobal('Worker', FakeWorker);
    const worker = warmUpIntl('de') as unknown as FakeWorker;
    expect(worker.posted).toEqual(['de-DE']);
    worker.dispatchEvent(new Event('error'));
    expect(worker.terminated).toBe(true);
  });

  it('does nothing where workers are missing or refused', () => {
    vi.stubGlobal('Worker', undefined);
    expect(warmUpIntl('de')).toBeNull();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    expect(warmUpIntl('de')).toBeNull();
  });
});

describe('the warm-up worker', () => {
  it('builds the formatters for the locale it is sent and answers', async () => {
    const answers: unknown[] = [];
    const post = vi.spyOn(self, 'postMessage').mockImplementation((message: unknown) => {
      answers.push(message);
    });
    await import('./intl-warm-up.worker');
    self.onmessage!(new MessageEvent('message', { data: 'fr-FR' }));
    expect(answers).toEqual(['warm']);
    // The locale it is sent is the one the formatters are built for: a malformed one is refused by Intl.
    expect(() => self.onmessage!(new MessageEvent('message', { data: 'not a locale!' }))).toThrow(RangeError);
    expect(answers).toEqual(['warm']);
    post.mockRestore();
    self.onmessage = null;
  });
});
