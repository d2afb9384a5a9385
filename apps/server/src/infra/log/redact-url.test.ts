import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './redact-url.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJiIjoiYXR4LWRhdGEifQ.c2lnbmF0dXJlLWJ5dGVz';

describe('request URLs as logged', () => {
  it("drops a download link's token and keeps the file name", () => {
    expect(withoutSecrets(`/api/v1/downloads/${JWT}/metadata.csv`)).toBe('/api/v1/downloads/[redacted]/metadata.csv');
  });

  it('drops credential parameters, by name or by a JWT-shaped value, and keeps the rest', () => {
    expect(withoutSecrets(`/api/v1/genes/meta?encoded=${JWT}&gene=Gapdh`)).toBe(
      '/api/v1/genes/meta?encoded=[redacted]&gene=Gapdh',
    );
    expect(withoutSecrets(`/public?component=PublicGeneViewer&token=abc&run_id=${JWT}`)).toBe(
      '/public?component=PublicGeneViewer&token=[redacted]&run_id=[redacted]',
    );
    expect(withoutSecrets('/s/atx-data/a.png?expires=1700000000&signature=0f9a')).toBe(
      '/s/atx-data/a.png?expires=1700000000&signature=[redacted]',
    );
    expect(withoutSecrets('/x?X-Amz-Credential=AK%2F1&X-Amz-Signature=ff&flag')).toBe(
      '/x?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&flag',
    );
  });

  it('leaves ordinary URLs as they are', () => {
    for (const url of ['/api/v1/app', '/api/v1/run_db/get_runs?run_id=D90001', '/api/v1/downloads'])
      expect(withoutSecrets(url)).toBe(url);
  });
});
