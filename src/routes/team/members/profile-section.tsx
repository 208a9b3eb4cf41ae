import { useServices } from '@/app/services-context';
import type { TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import {
  selectAvatarBusy,
  selectAvatarError,
  selectConfirmingAvatarDelete,
  selectNameError,
  selectNameRevision,
  selectProfileUser,
  selectSavingName,
} from '@/machines/members-profile.selectors';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { ProfileBlock } from '@/ui/members/ProfileBlock';
import { avatarSrc } from './avatar-src';
import { type MembersActorRef, memberProfileLogic } from './members-logic';

const PROFILE_VIEW = {
  user: selectProfileUser,
  nameRevision: selectNameRevision,
  nameError: selectNameError,
  savingName: selectSavingName,
  avatarError: selectAvatarError,
  avatarBusy: selectAvatarBusy,
  confirmingAvatarDelete: selectConfirmingAvatarDelete,
};

export function ProfileSection({
  teamRef,
  profile,
  members,
}: {
  teamRef: TeamUserRef;
  profile: TeamUser;
  members: MembersActorRef;
}) {
  const actor = useScreenFlow((services) => memberProfileLogic(services, members), {
    ref: teamRef,
    user: profile,
  });
  const view = useSelections(actor, PROFILE_VIEW);
  const { api } = useServices();
  return (
    <ProfileBlock
      {...view}
      avatarSrc={avatarSrc(api, view.user.avatar)}
      onSaveName={(fullName) => actor.send({ type: 'profile.saveName', fullName })}
      onEditName={() => actor.send({ type: 'profile.editName' })}
      onUploadAvatar={(file) => actor.send({ type: 'profile.uploadAvatar', file })}
      onDeleteAvatar={() => actor.send({ type: 'profile.deleteAvatar' })}
      onConfirmAvatarDelete={() => actor.send({ type: 'profile.confirm' })}
      onDismissAvatarDelete={() => actor.send({ type: 'profile.dismiss' })}
    />
  );
}
