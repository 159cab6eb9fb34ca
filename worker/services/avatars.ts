import { createAvatar } from '@dicebear/core';
import * as personas from '@dicebear/personas';

/**
 * Persona pictures, drawn by the product itself (DiceBear's "Personas by Draftbit", CC BY 4.0)
 * and served as SVG by the Worker: no third-party image host sees a visitor's persona.
 * The same name, age and traits always draw the same face.
 */
export interface AvatarInput {
  name: string;
  age: number;
  traits: string[];
}

const GREY_HAIR = ['9ca3af', 'd1d5db'];
/**
 * Faces for a professional persona. Left out: the pacifier, a sleeping or winking face and
 * sunglasses; the 'wrinkles' nose and the 'walrus' and 'pyramid' moustaches, which read as a second
 * mouth at this size.
 */
const FACE = {
  mouth: ['smile', 'bigSmile', 'smirk', 'lips'],
  nose: ['mediumRound', 'smallRound'],
  eyes: ['open', 'happy', 'glasses'],
  facialHair: ['beardMustache', 'goatee', 'shadow', 'soulPatch'],
  facialHairProbability: 15,
} as const satisfies personas.Options;
const HAIR = ['362c47', '6c4545', 'e15c66', 'dee1f5', 'f29c65', 'e16381', '2c1b18'];

export function personaAvatarSvg({ name, age, traits }: AvatarInput): string {
  const wearsGlasses = traits.some((trait) => /analytic|detail|curious|studious|methodical|nerd/i.test(trait));
  return createAvatar(personas, {
    seed: `${name}|${age}`,
    size: 160,
    radius: 50,
    backgroundColor: ['eef2ff', 'ecfdf5', 'fef3c7', 'fce7f3'],
    hairColor: age >= 55 ? GREY_HAIR : HAIR,
    ...FACE,
    ...(wearsGlasses ? { eyes: ['glasses'] as const } : {}),
  }).toString();
}

/** The address of a persona's picture, served by GET /api/free-tools/avatar.svg. */
export function personaAvatarUrl({ name, age, traits }: AvatarInput): string {
  const query = new URLSearchParams({ name, age: String(age), traits: traits.join(',') });
  return `/api/free-tools/avatar.svg?${query}`;
}
