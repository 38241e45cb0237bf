import type { LegalTranslation } from './en';

const legalFr: LegalTranslation = {
  back: 'Retour',
  updated: 'Dernière mise à jour : 25 novembre 2026',
  contents: 'Sommaire',
  privacy: {
    title: 'Politique de confidentialité',
    intro:
      "Cette politique explique ce que Ziver collecte lorsque vous utilisez l'application sur le web ou dans Telegram, pourquoi, et quels choix vous avez. Nous ne collectons que ce qui est nécessaire à votre compte et au programme de points.",
    sections: {
      collect: {
        title: 'Ce que nous collectons',
        body: "Données du compte : nom d'utilisateur, adresse e-mail et empreinte (hash) de votre mot de passe, jamais le mot de passe lui-même. Si vous vous connectez avec Telegram ou Google : votre identifiant et nom d'utilisateur Telegram, ou l'identifiant et l'e-mail de votre compte Google. Les informations de profil que vous ajoutez : bio, noms d'utilisateur Telegram et Twitter, adresse LinkedIn et avatar. Votre activité : cycles de minage, tâches, parrainages, points et transactions. Les avis que vous envoyez, avec leurs images. Données techniques : adresse IP et informations sur l'appareil dans nos journaux serveur, utilisées pour la sécurité.",
      },
      use: {
        title: 'Comment nous les utilisons',
        body: "Pour faire fonctionner votre compte et vous connecter ; pour créditer les points ZP et SEB, les séries et les récompenses de parrainage ; pour détecter la triche, les abus et les attaques ; pour répondre à vos avis ; et pour envoyer les notifications que vous avez activées. Nous n'utilisons pas vos données pour la publicité et nous ne les vendons pas.",
      },
      images: {
        title: 'Les images que vous envoyez',
        body: "Chaque image est vérifiée et réencodée sur nos serveurs, ce qui supprime les métadonnées cachées comme les informations de l'appareil photo et la position GPS. Votre avatar est visible par toute personne qui en a le lien. Les images de vos avis ne sont visibles que par vous et l'équipe Ziver.",
      },
      sharing: {
        title: 'Avec qui nous les partageons',
        body: "Uniquement avec les prestataires qui hébergent et exploitent Ziver pour nous, sous contrat et pour cette seule finalité, et avec les autorités lorsque la loi l'exige. Les autres utilisateurs ne voient que votre profil public : nom d'utilisateur, avatar et ce que vous y ajoutez.",
      },
      storage: {
        title: 'Conservation et sécurité',
        body: "Les mots de passe sont stockés sous forme d'empreintes irréversibles et les secrets de double authentification sont chiffrés. Les connexions sont chiffrées. Nous conservons vos données tant que votre compte est ouvert et les supprimons ou les anonymisons lorsque vous demandez sa fermeture, sauf les données que la loi nous oblige à garder.",
      },
      rights: {
        title: 'Vos droits',
        body: "Vous pouvez consulter et corriger la plupart de vos données dans Profil et Paramètres. Vous pouvez demander une copie de vos données, leur suppression ou l'arrêt d'un usage en écrivant à {{email}}. Nous répondons sous 30 jours.",
      },
      children: {
        title: 'Enfants',
        body: "Ziver ne s'adresse pas aux moins de 16 ans. Si vous pensez qu'un enfant nous a transmis des données, contactez-nous et nous les supprimerons.",
      },
      changes: {
        title: 'Modifications de cette politique',
        body: "Lorsque nous modifions cette politique, nous mettons à jour la date ci-dessus et, pour les changements importants, nous vous prévenons dans l'application avant qu'ils s'appliquent.",
      },
      contact: { title: 'Contact', body: 'Questions sur la confidentialité : {{email}}.' },
    },
  },
  terms: {
    title: "Conditions d'utilisation",
    intro:
      "Ces conditions constituent l'accord entre vous et Ziver pour l'utilisation de l'application sur le web, dans Telegram ou sur mobile. En créant un compte ou en utilisant Ziver, vous les acceptez.",
    sections: {
      account: {
        title: 'Votre compte',
        body: 'Vous devez avoir au moins 16 ans. Un compte par personne. Gardez pour vous votre mot de passe et vos codes de double authentification : vous êtes responsable de ce qui se passe sur votre compte. Donnez des informations exactes et gardez votre adresse e-mail à jour.',
      },
      points: {
        title: 'Points ZP et SEB',
        body: "Les points ZP et SEB sont des récompenses internes à l'application pour le minage, les tâches, les parrainages et les avis utiles. Ce ne sont ni de l'argent, ni une cryptomonnaie, ni un titre financier, ni une créance sur Ziver, et ils ne peuvent être ni vendus ni échangés sauf si nous annonçons un moyen de le faire sous des conditions distinctes. Nous pouvons corriger les soldes crédités par erreur ou par abus.",
      },
      fairUse: {
        title: 'Usage loyal',
        body: "N'utilisez ni robots, ni scripts, ni comptes multiples, ni faux parrainages, n'exploitez pas les bugs et ne tentez pas de pirater, surcharger ou décompiler le service. Signalez plutôt les bugs via Avis : les signalements utiles peuvent être récompensés. Nous pouvons annuler les récompenses obtenues de manière déloyale.",
      },
      content: {
        title: 'Ce que vous nous envoyez',
        body: "Votre profil, vos avis et vos images restent les vôtres. Vous nous autorisez à les conserver et à les utiliser pour faire fonctionner et améliorer Ziver. N'envoyez rien d'illégal, de haineux ou que vous n'avez pas le droit de partager.",
      },
      availability: {
        title: 'Disponibilité et évolutions',
        body: "Nous faisons en sorte que Ziver fonctionne, mais il est fourni en l'état : il peut être interrompu pour maintenance, et les fonctionnalités, récompenses et limites peuvent évoluer. Nous vous informons dans l'application des changements qui vous concernent.",
      },
      termination: {
        title: "Fermeture d'un compte",
        body: "Vous pouvez cesser d'utiliser Ziver à tout moment et nous demander de fermer votre compte. Nous pouvons suspendre ou fermer les comptes qui enfreignent ces conditions ; les points obtenus de manière déloyale sont alors perdus.",
      },
      liability: {
        title: 'Responsabilité',
        body: "Dans la mesure permise par la loi, Ziver n'est pas responsable des pertes indirectes, des points perdus ni des interruptions du service. Rien dans ces conditions ne limite les droits que vous tenez du droit de la consommation.",
      },
      contact: { title: 'Contact', body: 'Questions sur ces conditions : {{email}}.' },
    },
  },
};

export default legalFr;
