import { profileIds, profileMeta, type ProfileId } from '../../engine/profiles/meta';

/**
 * The run panel's profile picker. Its names are longer than the panel is wide, and a native select cuts its chosen
 * label to one line; so the chosen name is drawn in a face that wraps, with the select laid transparent over it to
 * keep the keyboard, the screen reader and the option list native. The origin and id sit on the line below.
 */
export function ProfilePicker({ profile, disabled, onChoose }: { profile: ProfileId; disabled: boolean; onChoose(profile: ProfileId): void }) {
  return (
    <>
      <label className="profile-picker">
        Profile
        <span className="profile-picker-box">
          <span className="profile-picker-face" data-select-face="" aria-hidden="true">
            {profileMeta[profile].label}
          </span>
          <select aria-label="Profile" value={profile} disabled={disabled} onChange={(event) => onChoose(event.target.value as ProfileId)}>
            {profileIds.map((id) => (
              <option key={id} value={id}>
                {profileMeta[id].label}
              </option>
            ))}
          </select>
        </span>
      </label>
      <p className="muted profile-origin">
        {profileMeta[profile].origin} · id <code>{profile}</code>
      </p>
    </>
  );
}
