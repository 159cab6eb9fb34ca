import { useId, type ReactNode } from 'react';
import './Switch.css';

interface SwitchProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * An on/off setting that takes effect at once (ARIA switch pattern): a button with
 * role="switch" and aria-checked, named by its visible label. Space and Enter toggle it.
 */
export function Switch({ label, description, checked, disabled, onChange }: SwitchProps) {
  const id = useId();
  return (
    <div className="switch">
      <div className="switch__text">
        <span id={`${id}-label`} className="switch__label">
          {label}
        </span>
        {description && (
          <span id={`${id}-description`} className="switch__description">
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        className="switch__control"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </div>
  );
}
