; Counter POS: additions to electron-builder's NSIS installer (electron-builder.yml, nsis.include).
;
;   customInit     Before an upgrade: refuse while the installed app's live journal holds payments
;                  waiting to be forwarded, unless /FORCE is given.
;   customUnInit   The same before an uninstall. Skipped when the uninstaller runs inside an upgrade
;                  (electron-builder passes it --updated): the new installer has asked already.
;   customInstall  The lane's machine-wide data folder %ProgramData%\Counter POS, open to SYSTEM,
;                  Administrators and the local group counter-pos only (the app never creates it).
;
; The installed app answers for itself through its posctl mode:
;   "<install dir>\Counter POS.exe" --posctl queue pending
; exits 0 when nothing waits, 1 when payments wait (its words on standard output), and anything
; else when it cannot tell. A refusal is shown in a message box, or in a silent run (/S) written to
; %TEMP%\Counter POS installer refused.txt; either way the installer ends with exit code 2.

!include LogicLib.nsh
!include FileFunc.nsh

!define COUNTER_POS_GROUP "counter-pos"
!define COUNTER_POS_DATA_NAME "Counter POS"

; Asks the app at EXE; quits the installer or uninstaller when payments wait, unless /FORCE.
!macro counterPosQueueGuard EXE
  Push $R7
  Push $R8
  Push $R9
  ${GetParameters} $R8
  ClearErrors
  ${GetOptions} $R8 "/FORCE" $R9
  ${If} ${Errors}
  ${AndIf} ${FileExists} "${EXE}"
    nsExec::ExecToStack '"${EXE}" --posctl queue pending'
    Pop $R8 ; the exit code, or "error" / "timeout"
    Pop $R9 ; what the app printed
    ${If} $R8 != "0"
      ${If} $R8 == "1"
        StrCpy $R7 "$R9"
      ${Else}
        StrCpy $R7 "Counter POS could not tell whether payments are waiting to be forwarded (answer: $R8). $R9"
      ${EndIf}
      StrCpy $R7 "$R7$\r$\n$\r$\nNothing was changed. To go ahead anyway, run this again with /FORCE: the payments stay in the lane's data folder and are sent once Counter POS runs on it again."
      MessageBox MB_OK|MB_ICONSTOP "$R7" /SD IDOK
      ${If} ${Silent}
        FileOpen $R8 "$TEMP\Counter POS installer refused.txt" w
        FileWrite $R8 "$R7$\r$\n"
        FileClose $R8
      ${EndIf}
      SetErrorLevel 2
      Quit
    ${EndIf}
  ${EndIf}
  Pop $R9
  Pop $R8
  Pop $R7
!macroend

!macro customInit
  ; Set by electron-builder's per-machine mode when an earlier version is installed.
  ${If} $perMachineInstallationFolder != ""
    !insertmacro counterPosQueueGuard "$perMachineInstallationFolder\${APP_EXECUTABLE_FILENAME}"
  ${EndIf}
!macroend

!macro customUnInit
  ${IfNot} ${isUpdated}
    !insertmacro counterPosQueueGuard "$INSTDIR\${APP_EXECUTABLE_FILENAME}"
  ${EndIf}
!macroend

!macro customInstall
  ; One lane per PC for every cashier account: the data folder belongs to the lane's group. Its
  ; permissions are inherited by everything the app writes there (keys, journals, settings).
  Push $0
  Push $R0
  ; %ProgramData%, where the app looks (main/platform/data-dir.ts); per-machine mode has set the
  ; shell folders to all users, so $APPDATA is the same folder should the variable be missing.
  ReadEnvStr $R0 "ProgramData"
  ${If} $R0 == ""
    StrCpy $R0 "$APPDATA"
  ${EndIf}
  nsExec::ExecToLog 'net localgroup ${COUNTER_POS_GROUP} /add /comment:"Accounts that may run Counter POS and use its lane data"'
  Pop $0 ; 2 when the group exists already (an upgrade): nothing to do
  CreateDirectory "$R0\${COUNTER_POS_DATA_NAME}"
  nsExec::ExecToLog 'icacls "$R0\${COUNTER_POS_DATA_NAME}" /inheritance:r /grant:r *S-1-5-18:(OI)(CI)F *S-1-5-32-544:(OI)(CI)F ${COUNTER_POS_GROUP}:(OI)(CI)M'
  Pop $0
  ${If} $0 != "0"
    DetailPrint "Could not restrict $R0\${COUNTER_POS_DATA_NAME} to the ${COUNTER_POS_GROUP} group (icacls: $0)."
  ${EndIf}
  Pop $R0
  Pop $0
!macroend
