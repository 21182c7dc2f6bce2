import '../../features/setup/jitless-zod';
import { createRoot } from 'react-dom/client';
import '../../components/styles.css';
import { OptionsApp } from '../../features/settings/options-app';

createRoot(document.getElementById('root')!).render(<OptionsApp />);
