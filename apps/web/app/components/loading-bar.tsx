import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

const THROTTLE_MS = 200;

/** A thin bar while a navigation takes longer than 200 ms. */
export function LoadingBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return <div className={`loading-bar${visible ? ' is-active' : ''}`} aria-hidden="true" />;
}
