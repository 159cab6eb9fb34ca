import { useEffect, useRef, useState } from 'react';
import { TESTIMONIALS, type Testimonial } from '../content/testimonials';
import './Testimonials.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

function Card({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="testimonials__card">
      <blockquote className="testimonials__quote">“{testimonial.quote}”</blockquote>
      <figcaption className="testimonials__author">
        <span className="testimonials__avatar" aria-hidden="true">
          {initials(testimonial.name)}
        </span>
        <span>
          <span className="testimonials__name">{testimonial.name}</span>
          <span className="testimonials__role">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/** Whether the element is on screen: nothing animates while nobody can see it. */
function useOnScreen<T extends Element>() {
  const ref = useRef<T>(null);
  const [onScreen, setOnScreen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? false));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, onScreen] as const;
}

/**
 * A band of testimonials that scrolls sideways on its own while on screen. It stops while
 * hovered or focused, with its Pause button (WCAG 2.2.2), and for visitors who prefer reduced
 * motion, who get a band they scroll themselves.
 */
export function Testimonials({ items = TESTIMONIALS }: { items?: readonly Testimonial[] }) {
  const [paused, setPaused] = useState(false);
  const [ref, onScreen] = useOnScreen<HTMLDivElement>();
  return (
    <div ref={ref} className={`testimonials${paused ? ' testimonials--paused' : ''}${onScreen ? '' : ' testimonials--off-screen'}`}>
      <button type="button" className="testimonials__toggle" aria-pressed={paused} onClick={() => setPaused(!paused)}>
        {paused ? 'Play testimonials' : 'Pause testimonials'}
      </button>
      {/* Focusable so keyboard users can scroll it where it does not move on its own. */}
      <div className="testimonials__viewport" role="region" aria-label="Testimonials" tabIndex={0}>
        <div className="testimonials__track" data-testid="testimonials-track">
          <ul className="testimonials__list">
            {items.map((testimonial) => (
              <li key={testimonial.name}>
                <Card testimonial={testimonial} />
              </li>
            ))}
          </ul>
          {/* The second copy makes the loop seamless; assistive technology reads the list once. */}
          <ul className="testimonials__list testimonials__list--copy" aria-hidden="true">
            {items.map((testimonial) => (
              <li key={testimonial.name}>
                <Card testimonial={testimonial} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}
