// Places, schools and jobs for the demo profiles. Birth places are towns of
// Andhra Pradesh and Telangana, keyed by the state ids the product fixes
// (1 Andhra Pradesh, 2 Telangana).

export const ANDHRA_PRADESH = 1;
export const TELANGANA = 2;
export const INDIA = 1;

export const BIRTH_TOWNS: Readonly<Record<number, readonly string[]>> = {
  [ANDHRA_PRADESH]: [
    "Guntur",
    "Tenali",
    "Vijayawada",
    "Machilipatnam",
    "Eluru",
    "Bhimavaram",
    "Rajahmundry",
    "Kakinada",
    "Amalapuram",
    "Visakhapatnam",
    "Vizianagaram",
    "Srikakulam",
    "Ongole",
    "Nellore",
    "Tirupati",
    "Chittoor",
    "Kadapa",
    "Kurnool",
    "Nandyal",
    "Anantapur",
    "Narasaraopet",
    "Chirala",
    "Gudivada",
    "Tanuku",
    "Palakollu",
    "Anakapalli",
  ],
  [TELANGANA]: [
    "Hyderabad",
    "Secunderabad",
    "Warangal",
    "Hanamkonda",
    "Karimnagar",
    "Khammam",
    "Nizamabad",
    "Nalgonda",
    "Mahabubnagar",
    "Adilabad",
    "Siddipet",
    "Suryapet",
    "Miryalaguda",
    "Ramagundam",
    "Mancherial",
    "Kothagudem",
    "Jagtial",
    "Sangareddy",
  ],
};

export const STREETS = [
  "Gandhi Nagar",
  "Srinagar Colony",
  "Ramalayam Street",
  "Vidya Nagar",
  "Ashok Nagar",
  "Brindavan Colony",
  "Sai Nagar",
  "Venkateswara Colony",
  "Teachers Colony",
  "Main Road",
  "Lakshmipuram",
  "Arundelpet",
  "Kothapeta",
  "Balaji Nagar",
  "Padmavathi Nagar",
  "Vivekananda Colony",
  "Subhash Road",
  "Bank Colony",
];

export const UNIVERSITIES = [
  "JNTU Hyderabad",
  "JNTU Kakinada",
  "JNTU Anantapur",
  "Andhra University",
  "Osmania University",
  "Sri Venkateswara University",
  "Acharya Nagarjuna University",
  "Kakatiya University",
  "NIT Warangal",
  "IIIT Hyderabad",
  "KL University",
  "GITAM",
  "VIT",
  "SRM University",
  "Vasavi College of Engineering",
  "CBIT Hyderabad",
  "Gayatri Vidya Parishad",
  "Siddhartha Medical College",
];

/** Abroad cities by country name (as in the countries list); a country not here gets its name. */
export const ABROAD_CITIES: Readonly<Record<string, readonly string[]>> = {
  USA: ["Dallas", "San Jose", "Seattle", "New Jersey", "Chicago", "Atlanta", "Austin", "Charlotte"],
  UK: ["London", "Manchester", "Birmingham", "Leeds"],
  Canada: ["Toronto", "Vancouver", "Calgary"],
  Australia: ["Sydney", "Melbourne", "Brisbane"],
  "New Zealand": ["Auckland", "Wellington"],
  Germany: ["Munich", "Berlin", "Frankfurt"],
  Ireland: ["Dublin"],
  Netherlands: ["Amsterdam", "Eindhoven"],
  Sweden: ["Stockholm"],
  Switzerland: ["Zurich"],
  France: ["Paris"],
  UAE: ["Dubai", "Abu Dhabi"],
  "Saudi Arabia": ["Riyadh", "Jeddah"],
  Qatar: ["Doha"],
  Kuwait: ["Kuwait City"],
  Oman: ["Muscat"],
  Bahrain: ["Manama"],
  Singapore: ["Singapore"],
  Malaysia: ["Kuala Lumpur"],
  Japan: ["Tokyo"],
  "South Africa": ["Johannesburg"],
};

/** Country names that most Telugu families abroad live in, with rough weights. */
export const ABROAD_WEIGHTS: Readonly<Record<string, number>> = {
  USA: 40,
  UK: 10,
  Canada: 8,
  Australia: 8,
  Germany: 5,
  UAE: 8,
  Singapore: 4,
  "Saudi Arabia": 3,
  Qatar: 2,
  Kuwait: 2,
  Ireland: 2,
  "New Zealand": 2,
  Netherlands: 2,
};

/** Work visas by country; names must match the visa list to be used. */
export const VISAS_FOR_USA = ["H1B", "L1", "Permanent Resident / Green Card", "Citizen", "OPT / STEM OPT"];
export const VISAS_ELSEWHERE = ["Work Permit", "Permanent Resident / Green Card", "Citizen"];

export const INDIAN_COMPANIES = [
  "Infosys",
  "TCS",
  "Wipro",
  "HCL",
  "Tech Mahindra",
  "Cognizant",
  "Accenture",
  "Deloitte",
  "Amazon",
  "Microsoft",
  "Google",
  "Dr. Reddy's Laboratories",
  "Aurobindo Pharma",
  "Cyient",
  "Capgemini",
  "HDFC Bank",
  "ICICI Bank",
  "Genpact",
  "Qualcomm",
  "Oracle",
];
export const ABROAD_COMPANIES = [
  "Microsoft",
  "Amazon",
  "Google",
  "Apple",
  "Meta",
  "JPMorgan Chase",
  "Deloitte",
  "Walmart Global Tech",
  "NHS",
  "Emirates",
  "Siemens",
  "Capgemini",
  "Salesforce",
  "Cisco",
];
export const PRIVATE_ROLES = [
  "Software Engineer",
  "Senior Software Engineer",
  "Data Analyst",
  "Business Analyst",
  "Project Manager",
  "QA Engineer",
  "Accountant",
  "HR Executive",
  "Research Scientist",
  "Product Manager",
  "DevOps Engineer",
];
export const GOVERNMENT_JOBS = [
  "Assistant Engineer, APSPDCL",
  "School Assistant, ZP High School",
  "Probationary Officer, SBI",
  "Junior Assistant, Revenue Department",
  "Sub-Inspector of Police",
  "Assistant Professor, Government Degree College",
  "Section Officer, TSPSC",
  "Clerk, Andhra Bank",
  "Staff Nurse, Government Hospital",
  "Railway Engineer, SCR",
];
export const BUSINESSES = [
  "Runs the family textile shop",
  "Family business in rice mills",
  "Owns a pharmacy",
  "Real estate business",
  "Runs an electronics showroom",
  "Aqua culture business",
  "Jewellery business",
  "Construction business",
];
export const PROFESSIONS = [
  "Freelance graphic designer",
  "Interior designer",
  "Runs a coaching centre",
  "Wedding photographer",
  "IT consultant, own firm",
  "Digital marketing consultant",
  "Runs a diagnostic lab",
  "Civil contractor",
];

export const MEDICAL_COLLEGES = [
  "Andhra Medical College",
  "Guntur Medical College",
  "Osmania Medical College",
  "Gandhi Medical College",
  "Siddhartha Medical College",
  "Rangaraya Medical College",
  "Kurnool Medical College",
  "SVIMS Tirupati",
];

/**
 * Degrees that decide the job: a doctor's details should not say "Business
 * Analyst". Keyed by qualification name; other degrees take any job.
 */
export const DEGREE_JOBS: Readonly<Record<string, readonly string[]>> = {
  MBBS: ["Doctor, Government General Hospital", "Duty Doctor, Apollo Hospitals", "Doctor, own clinic", "Resident Doctor, NIMS"],
  MD: ["Consultant Physician, Care Hospitals", "Paediatrician, Rainbow Hospitals", "Assistant Professor of Medicine"],
  "MS (Medicine)": ["Consultant Surgeon, Yashoda Hospitals", "Orthopaedic Surgeon, KIMS"],
  BDS: ["Dentist, own clinic", "Dental Surgeon, Partha Dental"],
  MDS: ["Orthodontist, own clinic", "Dental Surgeon, Government Dental College"],
  BAMS: ["Ayurvedic Doctor, own clinic"],
  BHMS: ["Homeopathy Doctor, own clinic"],
  LLB: ["Advocate, High Court", "Legal Officer, SBI", "Advocate, District Court"],
  LLM: ["Advocate, High Court", "Legal Counsel, Deloitte"],
  CA: ["Chartered Accountant, own practice", "Chartered Accountant at Deloitte", "Finance Manager at Amazon"],
  "B.Arch": ["Architect, own firm", "Architect at L&T"],
  "B.Pharm": ["Pharmacist, Apollo Pharmacy", "Drug Safety Associate at Novartis"],
  "M.Pharm": ["Research Scientist at Dr. Reddy's Laboratories", "Quality Analyst at Aurobindo Pharma"],
};
export const MEDICAL_DEGREES = ["MBBS", "MD", "MS (Medicine)", "BDS", "MDS", "BAMS", "BHMS"];
