import '../../features/setup/jitless-zod';
import { createRoot } from 'react-dom/client';
import '../../features/ui/styles.css';
import { OptionsApp } from '../../features/options/options-app';

createRoot(document.getElementById('root')!).render(<OptionsApp />);
