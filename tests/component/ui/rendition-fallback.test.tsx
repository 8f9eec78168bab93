// A photo stored without renditions still shows (docs/decisions/photo-renditions.md): the document's capture
// listener swaps a failing rendition <img> for the stored photo before the image's own error handling runs.
import { act, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installRenditionFallback, showOriginalOnError } from '../../../src/lib/rendition-fallback.ts';
import { Avatar } from '../../../src/ui/avatar/avatar.tsx';
import { Carousel } from '../../../src/ui/carousel/carousel.tsx';

const stored = 'http://127.0.0.1:54321/storage/v1/object/public/property-photos/p1/17-pool.jpg';
const avatar = 'http://127.0.0.1:54321/storage/v1/object/public/profile-photos/u1/17.jpeg';

/** What the browser does when the image's current source cannot load. */
const fail = (image: HTMLImageElement) => act(() => void image.dispatchEvent(new Event('error')));

describe('rendition fallback', () => {
  beforeAll(() => installRenditionFallback());
  afterAll(() => document.removeEventListener('error', showOriginalOnError, true));

  it('a carousel photo whose rendition is missing loads the stored photo, without its srcset', () => {
    render(<Carousel label="Photos of Casa Azul" images={[{ src: `${stored}.w1200.webp`, srcSet: `${stored}.w480.webp 480w, ${stored}.w1200.webp 1200w`, alt: 'Pool' }]} />);
    const image = screen.getByRole('img', { name: 'Pool' }) as HTMLImageElement;
    fail(image);
    expect(image.getAttribute('src')).toBe(stored);
    expect(image.hasAttribute('srcset')).toBe(false);
  });

  it("an avatar tries the stored photo before its initials; when that fails too, the initials show", () => {
    const { container } = render(<Avatar src={`${avatar}.w256.webp?t=3`} alt="Maya" initials="M" />);
    fail(container.querySelector('img')!);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(`${avatar}?t=3`);
    fail(image!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Maya' })).toHaveTextContent('M');
  });

  it('leaves any other failing image alone (an external photo, the original itself)', () => {
    const { container } = render(<Avatar src="https://images.example.com/face.jpg" alt="Leo" initials="L" />);
    fail(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
  });
});
