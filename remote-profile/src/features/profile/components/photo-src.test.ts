import { configureApi } from '@synctrade/api';
import { photoSrc } from './photo-src';

describe('photo address', () => {
  afterEach(() => configureApi({ apiBaseUrl: '/api/v1' }));

  it('when the API is on the page origin, then the address is kept', () => {
    expect(photoSrc('/api/v1/photos/abc')).toBe('/api/v1/photos/abc');
  });

  it('when the API is on another origin, then the address is resolved against it', () => {
    configureApi({ apiBaseUrl: 'https://api.example.com/api/v1' });
    expect(photoSrc('/api/v1/photos/abc')).toBe('https://api.example.com/api/v1/photos/abc');
    expect(photoSrc('https://cdn.example.com/p.png')).toBe('https://cdn.example.com/p.png');
  });
});
