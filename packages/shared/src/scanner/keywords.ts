/*
 * Word lists the card extraction uses to tell a job title, a company and an address line apart, in English,
 * German, French and Spanish (the languages whose OCR data the server ships). All lower case; matched on word
 * boundaries after lower-casing the line.
 */

/** Words and phrases that make a line a job title. Feminine and plural forms are listed where they differ. */
export const jobTitleKeywords: readonly string[] = [
  // English
  'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cio', 'vp', 'svp', 'evp', 'founder', 'co-founder', 'cofounder', 'owner', 'partner',
  'president', 'vice president', 'chairman', 'chairwoman', 'director', 'manager', 'head of', 'lead', 'chief', 'officer',
  'engineer', 'developer', 'designer', 'architect', 'consultant', 'advisor', 'adviser', 'analyst', 'specialist',
  'assistant', 'associate', 'coordinator', 'administrator', 'accountant', 'attorney', 'lawyer', 'solicitor', 'counsel',
  'representative', 'executive', 'supervisor', 'technician', 'scientist', 'researcher', 'professor', 'lecturer',
  'photographer', 'editor', 'writer', 'journalist', 'agent', 'broker', 'realtor', 'therapist', 'physician', 'nurse',
  'dentist', 'pharmacist', 'recruiter', 'strategist', 'producer', 'intern', 'trainee', 'sales', 'marketing',
  'account manager', 'product owner', 'scrum master', 'secretary', 'treasurer', 'principal', 'senior', 'junior',
  // German
  'geschäftsführer', 'geschäftsführerin', 'geschaftsfuhrer', 'geschaeftsfuehrer', 'inhaber', 'inhaberin', 'leiter',
  'leiterin', 'leitung', 'abteilungsleiter', 'abteilungsleiterin', 'projektleiter', 'projektleiterin', 'vertriebsleiter',
  'vertriebsleiterin', 'teamleiter', 'teamleiterin', 'berater', 'beraterin', 'ingenieur', 'ingenieurin', 'entwickler',
  'entwicklerin', 'softwareentwickler', 'softwareentwicklerin', 'vorstand', 'vorstandsvorsitzender', 'prokurist',
  'prokuristin', 'referent', 'referentin', 'sachbearbeiter', 'sachbearbeiterin', 'architektin', 'rechtsanwalt',
  'rechtsanwältin', 'steuerberater', 'steuerberaterin', 'kaufmann', 'kauffrau', 'vertrieb', 'einkauf', 'assistenz',
  'gründer', 'gründerin', 'mitgründer', 'mitgründerin', 'meister', 'meisterin', 'fotograf', 'fotografin', 'ärztin',
  'arzt', 'gesellschafter', 'gesellschafterin', 'mitarbeiter', 'mitarbeiterin', 'beauftragter', 'beauftragte',
  // French
  'directeur', 'directrice', 'gérant', 'gérante', 'gerant', 'responsable', 'ingénieur', 'ingénieure', 'développeur',
  'développeuse', 'developpeur', 'chef de projet', 'cheffe de projet', 'conseiller', 'conseillère', 'consultante',
  'président', 'présidente', 'fondateur', 'fondatrice', 'cofondateur', 'cofondatrice', 'commercial', 'commerciale',
  'chargé', 'chargée', 'avocat', 'avocate', 'architecte', 'associé', 'associée', 'comptable', 'technicien',
  'technicienne', 'attaché', 'attachée', 'délégué', 'déléguée', 'adjoint', 'adjointe', 'stagiaire', 'pdg', 'dg',
  // Spanish
  'directora', 'gerente', 'jefe', 'jefa', 'ingeniero', 'ingeniera', 'desarrollador', 'desarrolladora', 'consultor',
  'consultora', 'presidenta', 'fundador', 'fundadora', 'cofundador', 'cofundadora', 'asesor', 'asesora', 'abogado',
  'abogada', 'arquitecto', 'arquitecta', 'coordinador', 'coordinadora', 'técnico', 'técnica', 'comercial',
  'diseñador', 'diseñadora', 'administrador', 'administradora', 'contador', 'contadora', 'socio', 'socia',
  'propietario', 'propietaria', 'ejecutivo', 'ejecutiva', 'analista', 'especialista', 'encargado', 'encargada',
  'becario', 'becaria', 'ventas',
];

/**
 * Legal forms that end (or start) a company name: GmbH, Ltd, S.A., S.L. … Compared after removing dots and
 * spaces, so "S. A." and "SA" are one form.
 */
export const legalFormSuffixes: readonly string[] = [
  // English-speaking countries
  'inc', 'incorporated', 'llc', 'llp', 'ltd', 'limited', 'plc', 'corp', 'corporation', 'co', 'company', 'lp', 'pty',
  // German-speaking countries
  'gmbh', 'ag', 'kg', 'ohg', 'gbr', 'ug', 'ek', 'ev', 'mbh', 'kgaa', 'se', 'gmbh&cokg', 'partg', 'partgmbb',
  // French-speaking countries
  'sa', 'sas', 'sasu', 'sarl', 'eurl', 'sci', 'snc', 'scop',
  // Spanish-speaking countries
  'sl', 'slu', 'sprl', 'bvba', 'asbl', 'sau', 'sll', 'scoop', 'sc', 'sacv', 'srl',
  // elsewhere, common on cards
  'bv', 'nv', 'spa', 'ab', 'as', 'oy', 'sro', 'kft', 'doo',
];

/** Words that make a line an organisation even without a legal form. */
export const organisationWords: readonly string[] = [
  'group', 'gruppe', 'groupe', 'grupo', 'agency', 'agentur', 'agence', 'agencia', 'studio', 'consulting', 'solutions',
  'services', 'systems', 'technologies', 'technology', 'labs', 'partners', 'associates', 'university', 'universität',
  'université', 'universidad', 'institute', 'institut', 'instituto', 'hospital', 'klinik', 'clinique', 'clínica',
  'bank', 'banque', 'banco', 'stiftung', 'fondation', 'fundación', 'foundation', 'verlag', 'éditions', 'editorial',
  'kanzlei', 'cabinet', 'bufete', 'praxis', 'holding', 'ventures', 'capital', 'software', 'media', 'design',
];

/** Words that start or appear in a street line. */
export const streetWords: readonly string[] = [
  // English
  'street', 'st', 'avenue', 'ave', 'road', 'rd', 'boulevard', 'blvd', 'lane', 'ln', 'drive', 'dr', 'way', 'court',
  'ct', 'place', 'pl', 'square', 'sq', 'suite', 'floor', 'unit', 'building', 'po box', 'p.o. box', 'highway', 'parkway',
  'terrace', 'crescent', 'close', 'gardens', 'row',
  // German (also as the end of a compound: Hauptstraße, Bahnhofstr.)
  'straße', 'strasse', 'str', 'weg', 'platz', 'allee', 'gasse', 'ring', 'damm', 'ufer', 'chaussee', 'postfach',
  // French
  'rue', 'boulevard', 'bd', 'av', 'chemin', 'impasse', 'allée', 'quai', 'cours', 'route', 'place', 'bp', 'cedex',
  // Spanish
  'calle', 'c/', 'avenida', 'avda', 'plaza', 'pza', 'paseo', 'pº', 'carrera', 'camino', 'ronda', 'travesía', 'apartado',
];

/** German compounds end in these (Hauptstraße 5, Bahnhofstr. 12, Am Mühlenweg 3). */
export const streetSuffixes: readonly string[] = ['way', 'straße', 'strasse', 'str.', 'str', 'weg', 'platz', 'allee', 'gasse', 'ring', 'damm', 'ufer'];

/** Country names that end an address. */
export const countryNames: readonly string[] = [
  'germany', 'deutschland', 'austria', 'österreich', 'switzerland', 'schweiz', 'suisse', 'france', 'spain', 'españa',
  'espana', 'united kingdom', 'uk', 'usa', 'united states', 'canada', 'mexico', 'méxico', 'argentina', 'chile',
  'colombia', 'belgium', 'belgique', 'belgië', 'netherlands', 'nederland', 'italy', 'italia', 'ireland', 'portugal',
  'luxembourg', 'australia',
];

/** Mail providers whose domain says nothing about the person's company. */
export const freeMailDomains: readonly string[] = [
  'gmail', 'googlemail', 'yahoo', 'hotmail', 'outlook', 'live', 'msn', 'icloud', 'me', 'mac', 'aol', 'gmx', 'web',
  'freenet', 't-online', 'posteo', 'mailbox', 'protonmail', 'proton', 'orange', 'wanadoo', 'free', 'laposte', 'sfr',
  'telefonica', 'movistar', 'yandex', 'mail', 'zoho', 'fastmail', 'hey',
];

/** Labels printed before a value ("Tel.:", "E-Mail", "Mobil"), removed before a line is classified. */
export const fieldLabels: readonly string[] = [
  'tel', 'tel.', 'telephone', 'téléphone', 'telefon', 'teléfono', 'telefono', 'phone', 'ph', 'p', 't', 'm', 'mob',
  'mobile', 'mobil', 'portable', 'móvil', 'movil', 'cell', 'handy', 'fon', 'office', 'direct', 'durchwahl',
  'e-mail', 'email', 'mail', 'courriel', 'correo', 'e', 'web', 'internet', 'site', 'website', 'w', 'fax', 'f',
];

/** Labels that mark a number as a fax, which is not kept as a phone. */
export const faxLabels: readonly string[] = ['fax', 'telefax', 'f', 'télécopie'];

/** Social networks recognised from a link or a labelled handle, and the link a handle becomes. */
export const socialNetworks: readonly { name: string; hosts: readonly string[]; labels: readonly string[]; profileUrl: (handle: string) => string }[] = [
  { name: 'LinkedIn', hosts: ['linkedin.com'], labels: ['linkedin', 'in'], profileUrl: (h) => `https://www.linkedin.com/in/${h}` },
  { name: 'X', hosts: ['twitter.com', 'x.com'], labels: ['twitter', 'x'], profileUrl: (h) => `https://x.com/${h}` },
  { name: 'Instagram', hosts: ['instagram.com'], labels: ['instagram', 'ig', 'insta'], profileUrl: (h) => `https://www.instagram.com/${h}` },
  { name: 'GitHub', hosts: ['github.com'], labels: ['github'], profileUrl: (h) => `https://github.com/${h}` },
  { name: 'Facebook', hosts: ['facebook.com', 'fb.com'], labels: ['facebook', 'fb'], profileUrl: (h) => `https://www.facebook.com/${h}` },
  { name: 'XING', hosts: ['xing.com'], labels: ['xing'], profileUrl: (h) => `https://www.xing.com/profile/${h}` },
  { name: 'YouTube', hosts: ['youtube.com'], labels: ['youtube'], profileUrl: (h) => `https://www.youtube.com/@${h}` },
  { name: 'TikTok', hosts: ['tiktok.com'], labels: ['tiktok'], profileUrl: (h) => `https://www.tiktok.com/@${h}` },
  { name: 'Mastodon', hosts: ['mastodon.social'], labels: ['mastodon'], profileUrl: (h) => `https://mastodon.social/@${h}` },
];

/** Academic and courtesy titles that may precede a name. */
export const nameTitles: readonly string[] = ['dr', 'dr.', 'prof', 'prof.', 'dipl.-ing.', 'ing.', 'mag.', 'mr', 'mr.', 'mrs', 'mrs.', 'ms', 'ms.', 'mme', 'm.', 'sr.', 'sra.', 'dña.', 'd.', 'herr', 'frau'];

/** Lower-case words inside a name (Ludwig van Beethoven, María de la Cruz). */
export const nameParticles: readonly string[] = ['von', 'van', 'der', 'den', 'de', 'del', 'la', 'le', 'du', 'des', 'di', 'da', 'dos', 'das', 'y', 'zu', 'ter', 'ten', 'bin', 'al'];
