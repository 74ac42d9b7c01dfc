/**
 * Time zones of US and Canadian numbers by area code (NPA), for the calling-hours
 * guard. Two steps a reviewer can check: area code -> state or province, then
 * state or province -> every zone it spans. An area code that spans zones lists
 * all of them (every one must be inside the window: the safe direction); an
 * area code missing here (new overlays, non-geographic codes such as 800 or
 * 600) falls back to every zone of the country.
 *
 * Area codes: North American Numbering Plan assignments as of 2025. Zones: the
 * tz database's zone.tab. Unofficial local practice is included where a town
 * keeps another zone than its state (Phenix City AL, West Wendover NV, Kenton
 * OK, the Navajo Nation in AZ, Creighton and Denare Beach SK), because the
 * person who answers lives by it. test/unit/safety/nanp-zones-iana.test.ts
 * holds every area code to the tz data's own words on where each zone applies.
 */

/** Area codes of each US state (+ DC) and Canadian province/territory. */
const AREA_CODES: Record<string, string> = {
  // United States
  AL: "205 251 256 334 659 938",
  AK: "907",
  AZ: "480 520 602 623 928",
  AR: "479 501 870",
  CA: "209 213 279 310 323 341 350 369 408 415 424 442 510 530 559 562 619 626 628 650 657 661 669 707 714 747 760 805 818 820 831 840 858 909 916 925 949 951",
  CO: "303 719 720 970 983",
  CT: "203 475 860 959",
  DE: "302",
  DC: "202 771",
  FL: "239 305 321 352 386 407 448 561 645 656 689 727 754 772 786 813 850 863 904 941 954",
  GA: "229 404 470 478 678 706 762 770 912 943",
  HI: "808",
  ID: "208 986",
  IL: "217 224 309 312 331 447 464 618 630 708 730 773 779 815 847 861 872",
  IN: "219 260 317 463 574 765 812 930",
  IA: "319 515 563 641 712",
  KS: "316 620 785 913",
  KY: "270 364 502 606 859",
  LA: "225 318 337 504 985",
  ME: "207",
  MD: "227 240 301 410 443 667",
  MA: "339 351 413 508 617 774 781 857 978",
  MI: "231 248 269 313 517 586 616 679 734 810 906 947 989",
  MN: "218 320 507 612 651 763 952",
  MS: "228 601 662 769",
  MO: "314 417 557 573 636 660 816",
  MT: "406",
  NE: "308 402 531",
  NV: "702 725 775",
  NH: "603",
  NJ: "201 551 609 640 732 848 856 862 908 973",
  NM: "505 575",
  NY: "212 315 329 332 347 363 516 518 585 607 624 631 646 680 716 718 838 845 914 917 929 934",
  NC: "252 336 472 704 743 828 910 919 980 984",
  ND: "701",
  OH: "216 220 234 283 326 330 380 419 436 440 513 567 614 740 937",
  OK: "405 539 572 580 918",
  OR: "458 503 541 971",
  PA: "215 223 267 272 412 445 484 570 582 610 717 724 814 835 878",
  RI: "401",
  SC: "803 839 843 854 864",
  SD: "605",
  TN: "423 615 629 731 865 901 931",
  TX: "210 214 254 281 325 346 361 409 430 432 469 512 682 713 726 737 806 817 830 832 903 915 936 940 945 956 972 979",
  UT: "385 435 801",
  VT: "802",
  VA: "276 434 540 571 703 757 804 826 948",
  WA: "206 253 360 425 509 564",
  WV: "304 681",
  WI: "262 274 414 534 608 715 920",
  WY: "307",
  // Canada
  AB: "368 403 587 780 825",
  BC: "236 250 257 604 672 778",
  MB: "204 431 584",
  NB: "428 506",
  NL: "709 879",
  "NS/PE": "782 902",
  ON: "226 249 289 343 365 382 416 437 519 548 613 647 683 705 742 753 807 905 942",
  QC: "263 354 367 418 438 450 468 514 579 581 819 873",
  SK: "306 474 639",
  "NT/NU/YT": "867",
};

const EASTERN = ["America/New_York"];
const CENTRAL = ["America/Chicago"];
const MOUNTAIN = ["America/Denver"];
const PACIFIC = ["America/Los_Angeles"];
const CENTRAL_AND_MOUNTAIN = ["America/Chicago", "America/Denver"];
const EASTERN_AND_CENTRAL = ["America/New_York", "America/Chicago"];
const BC_ALL = [
  "America/Vancouver",
  "America/Edmonton",
  "America/Creston",
  "America/Dawson_Creek",
  "America/Fort_Nelson",
];

/** Every zone of each state or province. */
const REGION_ZONES: Record<string, readonly string[]> = {
  AL: CENTRAL,
  AK: [
    "America/Anchorage",
    "America/Juneau",
    "America/Sitka",
    "America/Metlakatla",
    "America/Yakutat",
    "America/Nome",
    "America/Adak",
  ],
  AZ: ["America/Phoenix"],
  AR: CENTRAL,
  CA: PACIFIC,
  CO: MOUNTAIN,
  CT: EASTERN,
  DE: EASTERN,
  DC: EASTERN,
  FL: EASTERN,
  GA: EASTERN,
  HI: ["Pacific/Honolulu"],
  ID: ["America/Boise", "America/Los_Angeles"],
  IL: CENTRAL,
  // Most of Indiana is Eastern; the north-west and south-west corners are Central.
  IN: ["America/Indiana/Indianapolis", "America/Chicago"],
  IA: CENTRAL,
  KS: CENTRAL,
  KY: EASTERN,
  LA: CENTRAL,
  ME: EASTERN,
  MD: EASTERN,
  MA: EASTERN,
  MI: ["America/Detroit"],
  MN: CENTRAL,
  MS: CENTRAL,
  MO: CENTRAL,
  MT: MOUNTAIN,
  NE: CENTRAL,
  NV: PACIFIC,
  NH: EASTERN,
  NJ: EASTERN,
  NM: MOUNTAIN,
  NY: EASTERN,
  NC: EASTERN,
  ND: CENTRAL_AND_MOUNTAIN,
  OH: EASTERN,
  OK: CENTRAL,
  OR: PACIFIC,
  PA: EASTERN,
  RI: EASTERN,
  SC: EASTERN,
  SD: CENTRAL_AND_MOUNTAIN,
  TN: CENTRAL,
  TX: CENTRAL,
  UT: MOUNTAIN,
  VT: EASTERN,
  VA: EASTERN,
  WA: PACIFIC,
  WV: EASTERN,
  WI: CENTRAL,
  WY: MOUNTAIN,
  AB: ["America/Edmonton"],
  BC: ["America/Vancouver"],
  MB: ["America/Winnipeg"],
  NB: ["America/Moncton"],
  // Labrador: Atlantic time, and Atlantic Standard all year on the Strait of Belle Isle.
  NL: ["America/St_Johns", "America/Goose_Bay", "America/Blanc-Sablon"],
  "NS/PE": ["America/Halifax", "America/Glace_Bay"],
  ON: ["America/Toronto"],
  QC: ["America/Toronto"],
  // Saskatchewan keeps Central Standard Time all year; Lloydminster keeps Alberta's time, and Creighton and Denare
  // Beach keep Manitoba's (daylight time in summer: the tz source file northamerica, "Denare Beach and Creighton are
  // like Winnipeg"). Every SK area code covers the whole province, so each may ring in all four.
  SK: ["America/Regina", "America/Swift_Current", "America/Edmonton", "America/Winnipeg"],
  "NT/NU/YT": [
    "America/Whitehorse",
    "America/Dawson",
    "America/Edmonton",
    "America/Inuvik",
    "America/Cambridge_Bay",
    "America/Rankin_Inlet",
    "America/Resolute",
    "America/Iqaluit",
    "America/Atikokan",
  ],
};

/** Area codes whose territory spans more zones than their state's main one. */
const AREA_CODE_ZONES: Record<string, readonly string[]> = {
  "334": ["America/Chicago", "America/New_York"], // Phenix City, AL keeps Eastern time
  "928": ["America/Phoenix", "America/Denver"], // the Navajo Nation observes daylight time
  "850": EASTERN_AND_CENTRAL, // Florida panhandle west of the Apalachicola
  "448": EASTERN_AND_CENTRAL, // overlay of 850
  "208": ["America/Boise", "America/Los_Angeles"],
  "986": ["America/Boise", "America/Los_Angeles"],
  "620": CENTRAL_AND_MOUNTAIN, // western Kansas border counties
  "785": CENTRAL_AND_MOUNTAIN,
  "270": EASTERN_AND_CENTRAL, // western Kentucky is Central
  "364": EASTERN_AND_CENTRAL,
  "606": EASTERN_AND_CENTRAL, // Clinton County (Albany) is Central
  "906": ["America/Detroit", "America/Menominee"], // Upper Peninsula counties on the Wisconsin border
  "308": CENTRAL_AND_MOUNTAIN, // western Nebraska
  "775": ["America/Los_Angeles", "America/Denver"], // West Wendover, NV keeps Mountain time
  "580": CENTRAL_AND_MOUNTAIN, // Kenton, OK keeps Mountain time
  "458": ["America/Los_Angeles", "America/Boise"], // Malheur County, OR
  "541": ["America/Los_Angeles", "America/Boise"],
  "423": EASTERN_AND_CENTRAL, // East Tennessee is Eastern, the rest Central
  "865": EASTERN,
  "931": EASTERN_AND_CENTRAL,
  "915": MOUNTAIN, // El Paso
  "432": CENTRAL_AND_MOUNTAIN, // West Texas, incl. Hudspeth and Culberson
  "250": BC_ALL,
  "236": BC_ALL,
  "257": BC_ALL,
  "672": BC_ALL,
  "778": BC_ALL,
  "807": ["America/Toronto", "America/Winnipeg", "America/Atikokan"], // north-western Ontario
  "418": ["America/Toronto", "America/Halifax", "America/Blanc-Sablon"], // eastern Quebec, Magdalen Islands, Lower North Shore
  "581": ["America/Toronto", "America/Halifax", "America/Blanc-Sablon"],
  "367": ["America/Toronto", "America/Halifax", "America/Blanc-Sablon"],
};

const US_OR_CA = (region: string): "US" | "CA" =>
  ["AB", "BC", "MB", "NB", "NL", "NS/PE", "ON", "QC", "SK", "NT/NU/YT"].includes(region) ? "CA" : "US";

interface AreaCodeEntry {
  region: string;
  country: "US" | "CA";
  zones: readonly string[];
}

function buildTable(): ReadonlyMap<string, AreaCodeEntry> {
  const table = new Map<string, AreaCodeEntry>();
  for (const [region, codes] of Object.entries(AREA_CODES)) {
    const zones = REGION_ZONES[region];
    if (!zones) throw new Error(`no zones for region ${region}`);
    for (const npa of codes.split(" ")) {
      if (table.has(npa)) throw new Error(`area code ${npa} listed twice`);
      table.set(npa, { region, country: US_OR_CA(region), zones: AREA_CODE_ZONES[npa] ?? zones });
    }
  }
  return table;
}

let table: ReadonlyMap<string, AreaCodeEntry> | undefined;

/** Every listed area code; built on first use (the first US or Canadian number checked), not at start-up. */
export function nanpAreaCodes(): ReadonlyMap<string, AreaCodeEntry> {
  return (table ??= buildTable());
}

/** The zones of a US or Canadian number from its area code, or undefined when the code is not listed. */
export function nanpZones(country: string, nationalNumber: string): readonly string[] | undefined {
  const entry = nanpAreaCodes().get(nationalNumber.slice(0, 3));
  // The parsed country must agree with the table, or the table is not about this number.
  return entry && entry.country === country ? entry.zones : undefined;
}
