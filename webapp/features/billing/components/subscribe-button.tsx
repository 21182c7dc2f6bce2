import { Button, type ButtonProps } from '../../../components/button';
import { useStartCheckout } from '../api/start-checkout';

/** 'Subscribe Now': creates the checkout and goes there (spinning until the page changes). */
export function SubscribeButton({
  children = 'Subscribe Now',
  ...props
}: Omit<ButtonProps, 'onClick' | 'loading'>) {
  const checkout = useStartCheckout();
  return (
    <Button {...props} loading={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate()}>
      {children}
    </Button>
  );
}
