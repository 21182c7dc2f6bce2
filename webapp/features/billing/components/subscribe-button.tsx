import { useEffect } from 'react';
import { Button, type ButtonProps } from '../../../components/button';
import { useStartCheckout } from '../api/start-checkout';

/** 'Subscribe Now': creates the checkout and goes there (spinning until the page changes). */
export function SubscribeButton({
  children = 'Subscribe Now',
  ...props
}: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const checkout = useStartCheckout();
  const { reset } = checkout;
  // Coming back from the checkout with the browser's Back button restores this page as it was
  // left (spinning): make the button usable again.
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) reset();
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return (
    <Button {...props} loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate()}>
      {children}
    </Button>
  );
}
