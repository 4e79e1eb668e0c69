import { useLocation, useNavigate } from 'react-router';
import { useI18n } from '../lib/i18n';
import { goBackSteps } from '../lib/navigation';

/** "Go back" on every page but home and auth; three steps on edit-me and /me/ pages. */
export function GoBack() {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const steps = goBackSteps(location.pathname);
  if (steps === 0) return null;
  return (
    <div className="go-back">
      <button type="button" className="link-button" onClick={() => void navigate(-steps)}>
        <span className="icon-directional" aria-hidden="true">
          ←
        </span>{' '}
        {t('layout.goBack')}
      </button>
    </div>
  );
}
