import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useServices } from '@/app/services-context';
import type { TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/error-codes';
import {
  selectAvatarBusy,
  selectAvatarError,
  selectConfirmingAvatarDelete,
  selectNameError,
  selectNameRevision,
  selectProfileUser,
  selectSavingName,
} from '@/machines/members-profile.selectors';
import { ProfileBlock } from '@/ui/members/ProfileBlock';
import { avatarSrc } from './avatar-src';
import { type MembersActorRef, memberProfileLogic } from './members-logic';

export function ProfileSection({
  teamRef,
  profile,
  members,
}: {
  teamRef: TeamUserRef;
  profile: TeamUser;
  members: MembersActorRef;
}) {
  const services = useServices();
  const [logic] = useState(() => memberProfileLogic(services, members));
  const actor = useActorRef(logic, { input: { ref: teamRef, user: profile }, inspect: services.inspect });
  const user = useSelector(actor, selectProfileUser);
  const nameRevision = useSelector(actor, selectNameRevision);
  const nameError = useSelector(actor, selectNameError);
  const savingName = useSelector(actor, selectSavingName);
  const avatarError = useSelector(actor, selectAvatarError);
  const avatarBusy = useSelector(actor, selectAvatarBusy);
  const confirmingAvatarDelete = useSelector(actor, selectConfirmingAvatarDelete);
  return (
    <ProfileBlock
      user={user}
      nameRevision={nameRevision}
      avatarSrc={avatarSrc(services.api, user.avatar)}
      nameError={nameError}
      savingName={savingName}
      avatarError={avatarError}
      avatarBusy={avatarBusy}
      confirmingAvatarDelete={confirmingAvatarDelete}
      onSaveName={(fullName) => actor.send({ type: 'profile.saveName', fullName })}
      onEditName={() => actor.send({ type: 'profile.editName' })}
      onUploadAvatar={(file) => actor.send({ type: 'profile.uploadAvatar', file })}
      onDeleteAvatar={() => actor.send({ type: 'profile.deleteAvatar' })}
      onConfirmAvatarDelete={() => actor.send({ type: 'profile.confirm' })}
      onDismissAvatarDelete={() => actor.send({ type: 'profile.dismiss' })}
    />
  );
}
