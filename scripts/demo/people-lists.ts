// Names and family details that read naturally to Telugu families. Lists, not
// rules: the generator picks from them with its seeded randomness.

export type Faith = "hindu" | "christian" | "muslim";

export interface NameLists {
  female: readonly string[];
  male: readonly string[];
  surnames: readonly string[];
  fathers: readonly string[];
  mothers: readonly string[];
}

// Telugu surnames are house names (intiperu), written before the given name at home
// and after it on forms, which is how the registration form asks for them.
const TELUGU_SURNAMES = [
  "Kommineni", "Yarlagadda", "Nallamothu", "Gudivada", "Pasupuleti", "Bandaru", "Kotha", "Vemuri",
  "Akkineni", "Ghanta", "Chilukuri", "Mandava", "Boddu", "Pendyala", "Tummala", "Karanam",
  "Duggirala", "Ravuri", "Gollapudi", "Koneru", "Dasari", "Jonnalagadda", "Vadlamudi", "Chintalapudi",
  "Peddireddy", "Kancharla", "Nimmagadda", "Sunkara", "Bollineni", "Madala", "Gorantla", "Kakarla",
  "Ponnaganti", "Adusumilli", "Yelamanchili", "Veeramachaneni", "Mylavarapu", "Bhamidipati",
  "Kandukuri", "Sistla", "Akula", "Bathula", "Gummadi", "Mutyala", "Palakurthi", "Samudrala",
  "Thota", "Uppalapati", "Vallabhaneni", "Kasturi", "Allam", "Bodapati", "Challa", "Devineni",
  "Eluri", "Gajula", "Inturi", "Jampana", "Kolli", "Lingamaneni", "Maddipati", "Nekkanti",
];

export const NAME_LISTS: Readonly<Record<Faith, NameLists>> = {
  hindu: {
    female: [
      "Lakshmi Prasanna", "Sravani", "Keerthi", "Divya", "Swathi", "Haritha", "Pavani", "Sahithi",
      "Mounika", "Bhavana", "Anusha", "Sirisha", "Lavanya", "Harika", "Srilekha", "Navya",
      "Tejaswini", "Sowmya", "Ramya", "Deepika", "Madhavi", "Sindhu", "Vaishnavi", "Akhila",
      "Chandana", "Jyothi", "Prathyusha", "Bindu Madhavi", "Hema Latha", "Sai Priya", "Manasa",
      "Spandana", "Aparna", "Yamini", "Kavya", "Niharika", "Supriya", "Rajeswari", "Padmaja",
      "Gayathri", "Sri Vidya", "Sushma", "Tulasi", "Hima Bindu", "Alekhya", "Geethika", "Pranathi",
      "Varshini", "Nandini", "Sri Lakshmi", "Bhargavi", "Sahaja", "Vyshnavi", "Hasini",
    ],
    male: [
      "Srinivas", "Venkatesh", "Sai Kiran", "Ravi Teja", "Praveen", "Mahesh", "Karthik", "Naveen",
      "Suresh", "Ramesh", "Harsha Vardhan", "Vamsi Krishna", "Sandeep", "Chaitanya", "Phani Kumar",
      "Srikanth", "Anil Kumar", "Rajesh", "Kiran Kumar", "Pavan Kalyan", "Vinay", "Tarun", "Sai Charan",
      "Manoj", "Rohith", "Abhilash", "Sudheer", "Naresh", "Gopi Krishna", "Raghava", "Bharath",
      "Deepak", "Jagadeesh", "Lokesh", "Madhu Sudhan", "Nikhil", "Prasad", "Rakesh", "Satish",
      "Uday Kiran", "Vijay", "Yashwanth", "Akhil", "Dinesh", "Hemanth", "Krishna Chaitanya", "Mohan",
      "Ajay", "Siva Prasad", "Teja", "Aditya", "Sai Teja", "Vivek", "Varun",
    ],
    surnames: TELUGU_SURNAMES,
    fathers: [
      "Venkateswara Rao", "Subba Rao", "Satyanarayana", "Ramakrishna", "Nageswara Rao", "Koteswara Rao",
      "Srinivasa Rao", "Prasada Rao", "Ramana Murthy", "Anjaneyulu", "Narasimha Rao", "Chandra Sekhar",
      "Siva Rama Krishna", "Veeraiah", "Malleswara Rao", "Appa Rao", "Suryanarayana", "Hanumantha Rao",
      "Rama Chandra Reddy", "Krishna Murthy", "Venkata Ramana", "Sambasiva Rao", "Bhaskar Reddy",
      "Raghunatha Rao", "Gopala Krishna",
    ],
    mothers: [
      "Lakshmi", "Padmavathi", "Annapurna", "Vijaya Lakshmi", "Sarada", "Kamala", "Sujatha", "Aruna",
      "Rama Devi", "Syamala", "Nagamani", "Varalakshmi", "Jhansi Rani", "Sita Mahalakshmi",
      "Kanaka Durga", "Rajya Lakshmi", "Sarojini", "Vasantha", "Bharathi", "Usha Rani", "Satyavathi",
      "Sulochana", "Krishna Kumari", "Parvathi",
    ],
  },
  christian: {
    female: [
      "Grace", "Priscilla", "Sharon", "Esther", "Ruth", "Mercy", "Jessica", "Hepsibah", "Suneetha Grace",
      "Sarah", "Christina", "Deborah", "Rachel", "Shirley", "Jyothi Grace",
    ],
    male: [
      "Joseph", "Samuel", "John Wesley", "Prabhu Das", "David Raju", "Jacob", "Emmanuel", "Daniel",
      "Paul Raju", "Stephen", "Abraham", "Prakash Samuel", "Solomon", "Kiran Paul", "Joshua",
    ],
    surnames: TELUGU_SURNAMES,
    fathers: ["Yesu Ratnam", "Devadanam", "Prakasa Rao", "Solomon Raju", "Joseph Raju", "Israel", "Samuel Babu", "Moses"],
    mothers: ["Mariyamma", "Sugunamma", "Ratna Kumari", "Vijaya Grace", "Sarojini", "Sundaramma", "Elizabeth", "Karuna"],
  },
  muslim: {
    female: ["Ayesha", "Fathima", "Shabana", "Nazeema", "Reshma", "Sana", "Afreen", "Heena", "Sameena", "Farzana", "Tabassum", "Rukhsana"],
    male: ["Mohammed Irfan", "Syed Rizwan", "Abdul Rahman", "Imran", "Sameer", "Faizal", "Khaja Moinuddin", "Salman", "Arif", "Javeed", "Nawaz", "Rafiq"],
    surnames: ["Shaik", "Syed", "Mohammed", "Pathan", "Khan", "Baig", "Mirza", "Qureshi"],
    fathers: ["Abdul Karim", "Mohammed Ismail", "Syed Hussain", "Khaja Mohiddin", "Abdul Gafoor", "Shaik Mastan", "Mahaboob Basha"],
    mothers: ["Khairunnisa", "Noorjahan", "Zubeda", "Rasheeda", "Shamshad Begum", "Mehrunnisa", "Hajira"],
  },
};

export const COMPLEXIONS = ["Very Fair", "Fair", "Wheatish", "Wheatish Brown", "Dark"] as const;
export type Complexion = (typeof COMPLEXIONS)[number];

export const FATHER_JOBS = [
  "Retired Teacher", "Farmer", "Business", "Retired Government Employee", "Bank Manager", "Late",
  "Agriculturist", "Retired Bank Officer", "Lecturer", "Retired Army Officer", "Contractor",
  "Village Revenue Officer", "Doctor", "Advocate", "Pharmacist", "Rice Mill Owner",
];

export const MOTHER_JOBS = [
  "Homemaker", "Homemaker", "Homemaker", "Homemaker", "Teacher", "Government Employee", "Nurse",
  "Tailoring", "Anganwadi Teacher", "Retired Headmistress", "Late",
];

export const CHRISTIAN_DENOMINATIONS = ["CSI", "Roman Catholic", "Baptist", "Lutheran", "Pentecostal", "Methodist"];

export const SIBLING_WORK = {
  working: [
    "Software Engineer, Hyderabad", "Teacher", "Works in a bank", "Doctor", "Settled in USA",
    "Business", "Government job", "Accountant", "Nurse in the UK", "Civil Engineer",
  ],
  studying: ["B.Tech final year", "Studying Intermediate", "Doing MBA", "Studying MBBS", "B.Com student", "Homemaker"],
};
