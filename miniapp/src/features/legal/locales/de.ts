import type { LegalTranslation } from './en';

const legalDe: LegalTranslation = {
  back: 'Zurück',
  updated: 'Zuletzt aktualisiert: 25. November 2026',
  contents: 'Inhalt',
  privacy: {
    title: 'Datenschutzerklärung',
    intro:
      'Diese Erklärung beschreibt, welche Daten Ziver erhebt, wenn du die App im Web oder in Telegram nutzt, wozu, und welche Wahlmöglichkeiten du hast. Wir erheben nur, was wir für dein Konto und das Punkteprogramm brauchen.',
    sections: {
      collect: {
        title: 'Was wir erheben',
        body: 'Kontodaten: Benutzername, E-Mail-Adresse und ein Hash deines Passworts (nie das Passwort selbst). Bei Anmeldung mit Telegram oder Google: deine Telegram-ID und dein Telegram-Benutzername bzw. die ID und E-Mail-Adresse deines Google-Kontos. Profilangaben, die du selbst hinzufügst: Bio, Telegram- und Twitter-Benutzernamen, LinkedIn-Adresse und Avatar. Deine Aktivität: Mining-Zyklen, Aufgaben, Empfehlungen, Punkte und Transaktionen. Feedback, das du sendest, samt Bildern. Technische Daten: IP-Adresse und Geräteinformationen in unseren Server-Protokollen, zur Sicherheit.',
      },
      use: {
        title: 'Wofür wir sie nutzen',
        body: 'Um dein Konto zu betreiben und dich anzumelden; um ZP- und SEB-Punkte, Serien und Empfehlungsprämien gutzuschreiben; um Betrug, Missbrauch und Angriffe zu erkennen; um auf dein Feedback zu reagieren; und um dir die Benachrichtigungen zu senden, die du eingeschaltet hast. Wir nutzen deine Daten nicht für Werbung und verkaufen sie nicht.',
      },
      images: {
        title: 'Hochgeladene Bilder',
        body: 'Jedes Bild wird auf unseren Servern geprüft und neu kodiert. Dabei werden versteckte Metadaten wie Kameradaten und GPS-Standort entfernt. Dein Avatar ist für alle sichtbar, die seinen Link kennen. Feedback-Bilder sehen nur du und das Ziver-Team.',
      },
      sharing: {
        title: 'An wen wir sie weitergeben',
        body: 'Nur an Dienstleister, die Ziver für uns hosten und betreiben, vertraglich gebunden und nur zu diesem Zweck, sowie an Behörden, wenn das Gesetz es verlangt. Andere Nutzer sehen nur dein öffentliches Profil: Benutzername, Avatar und was du dort angibst.',
      },
      storage: {
        title: 'Speicherung und Sicherheit',
        body: 'Passwörter werden als nicht umkehrbare Hashes gespeichert, Zwei-Faktor-Geheimnisse verschlüsselt. Verbindungen sind verschlüsselt. Wir speichern deine Daten, solange dein Konto besteht, und löschen oder anonymisieren sie, wenn du die Schließung verlangst, außer Daten, die wir gesetzlich aufbewahren müssen.',
      },
      rights: {
        title: 'Deine Rechte',
        body: 'Die meisten Daten kannst du unter Profil und Einstellungen einsehen und korrigieren. Eine Kopie deiner Daten, ihre Löschung oder das Ende einer bestimmten Nutzung kannst du per E-Mail an {{email}} verlangen. Wir antworten innerhalb von 30 Tagen.',
      },
      children: {
        title: 'Kinder',
        body: 'Ziver richtet sich nicht an Personen unter 16 Jahren. Wenn du glaubst, dass ein Kind uns Daten gegeben hat, melde dich und wir löschen sie.',
      },
      changes: {
        title: 'Änderungen dieser Erklärung',
        body: 'Wenn wir diese Erklärung ändern, aktualisieren wir das Datum oben; über wichtige Änderungen informieren wir dich in der App, bevor sie gelten.',
      },
      contact: { title: 'Kontakt', body: 'Fragen zum Datenschutz: {{email}}.' },
    },
  },
  terms: {
    title: 'Nutzungsbedingungen',
    intro:
      'Diese Bedingungen sind die Vereinbarung zwischen dir und Ziver über die Nutzung der App im Web, in Telegram oder auf dem Smartphone. Mit dem Anlegen eines Kontos oder der Nutzung von Ziver akzeptierst du sie.',
    sections: {
      account: {
        title: 'Dein Konto',
        body: 'Du musst mindestens 16 Jahre alt sein. Ein Konto pro Person. Gib dein Passwort und deine Zwei-Faktor-Codes nicht weiter: Du bist für alles verantwortlich, was in deinem Konto geschieht. Mache wahre Angaben und halte deine E-Mail-Adresse aktuell.',
      },
      points: {
        title: 'ZP- und SEB-Punkte',
        body: 'ZP- und SEB-Punkte sind App-interne Belohnungen für Mining, Aufgaben, Empfehlungen und hilfreiches Feedback. Sie sind weder Geld noch Kryptowährung, Wertpapier oder Forderung gegen Ziver und können nicht verkauft oder getauscht werden, außer wir kündigen dafür einen Weg unter gesonderten Bedingungen an. Irrtümlich oder durch Missbrauch gutgeschriebene Guthaben dürfen wir korrigieren.',
      },
      fairUse: {
        title: 'Faire Nutzung',
        body: 'Keine Bots, Skripte, Mehrfachkonten oder falschen Empfehlungen, kein Ausnutzen von Fehlern und keine Versuche, den Dienst zu hacken, zu überlasten oder zurückzuentwickeln. Melde Fehler stattdessen über Feedback: Hilfreiche Meldungen können belohnt werden. Unfair erlangte Belohnungen können wir streichen.',
      },
      content: {
        title: 'Was du uns sendest',
        body: 'Dein Profil, dein Feedback und deine Bilder bleiben deine. Du erlaubst uns, sie zu speichern und zu nutzen, um Ziver zu betreiben und zu verbessern. Lade nichts Rechtswidriges, Hasserfülltes oder Fremdes hoch, das du nicht teilen darfst.',
      },
      availability: {
        title: 'Verfügbarkeit und Änderungen',
        body: 'Wir sorgen dafür, dass Ziver läuft, stellen es aber ohne Gewähr bereit: Es kann für Wartung pausieren, und Funktionen, Belohnungen und Grenzen können sich ändern. Über Änderungen, die dich betreffen, informieren wir dich in der App.',
      },
      termination: {
        title: 'Kontoschließung',
        body: 'Du kannst Ziver jederzeit nicht mehr nutzen und uns bitten, dein Konto zu schließen. Konten, die gegen diese Bedingungen verstoßen, können wir sperren oder schließen; unfair erlangte Punkte verfallen dann.',
      },
      liability: {
        title: 'Haftung',
        body: 'Soweit gesetzlich zulässig, haftet Ziver nicht für mittelbare Schäden, verlorene Punkte oder Unterbrechungen des Dienstes. Deine Rechte aus dem Verbraucherrecht bleiben unberührt.',
      },
      contact: { title: 'Kontakt', body: 'Fragen zu diesen Bedingungen: {{email}}.' },
    },
  },
};

export default legalDe;
