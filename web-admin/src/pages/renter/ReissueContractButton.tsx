import { useState } from 'react';
import { Alert, Button, Popconfirm } from 'antd';
import { errorMessage, exceptionText } from '../../apollo/errors';
import { useReissueContract } from './CancelAndReissue.graphql';

/**
 * "Vertrag neu ausstellen" for a booking whose contract waits for the renter's signature: after a
 * confirmation the contract is written anew at today's price and mailed to the renter.
 */
export function ReissueContractButton({ rentingId, renterId }: { rentingId: string; renterId: number }) {
  const [reissue, state] = useReissueContract(renterId);
  const [outcome, setOutcome] = useState<{ type: 'success' | 'error'; text: string }>();

  const confirm = async () => {
    setOutcome(undefined);
    try {
      const res = await reissue({ variables: { rentingId } });
      const ex = res.data?.reissueContract.exception;
      setOutcome(ex ? { type: 'error', text: exceptionText(ex) } : { type: 'success', text: 'Der neue Vertrag wird erstellt und dem Mieter per E-Mail geschickt.' });
    } catch (e) {
      setOutcome({ type: 'error', text: errorMessage(e) });
    }
  };

  return (
    <>
      <Popconfirm
        title="Vertrag neu ausstellen?"
        description="Der Vertrag wird zum heutigen Preis neu erstellt; der bisherige gilt nicht mehr. Der Mieter bekommt den neuen per E-Mail."
        okText="Neu ausstellen"
        cancelText="Abbrechen"
        onConfirm={confirm}
      >
        <Button loading={state.loading}>Vertrag neu ausstellen</Button>
      </Popconfirm>
      {outcome && <Alert type={outcome.type} title={outcome.text} role={outcome.type === 'error' ? 'alert' : 'status'} style={{ marginTop: 8 }} />}
    </>
  );
}
