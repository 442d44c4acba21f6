import { useNavigate } from 'react-router';
import { signOut } from '@/stores/session.ts';

export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    await signOut();
    navigate('/login');
  };
}
