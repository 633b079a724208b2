/**
 * Assumptions behind the savings estimates. Each recommendation multiplies the bill's own
 * usage and rate by one of these; the sources are public pages to re-check before relying on
 * them. Changing a number here changes every estimate that uses it, and the tests follow.
 */

/** EPA eGRID2022 US average output emission rate, about 823 lb CO2/MWh ≈ 0.373 kg CO2/kWh. */
export const CO2_KG_PER_KWH = 0.373;
/** EPA Greenhouse Gas Equivalencies Calculator: 0.0053 metric tons CO2 per therm of natural gas. */
export const CO2_KG_PER_THERM = 5.3;
/** EIA: 1 ccf of natural gas ≈ 1.037 therms (US average heat content). */
export const THERMS_PER_CCF = 1.037;
/** 1 m³ of natural gas ≈ 35.31 ft³ × 1,037 Btu/ft³ ≈ 0.366 therms. */
export const THERMS_PER_M3 = 0.366;
/** 1 ccf of water = 748 gallons; 1 m³ = 264.17 gallons. */
export const GALLONS_PER_CCF = 748;
export const GALLONS_PER_M3 = 264.17;

/** ENERGY STAR: a certified smart thermostat saves about 8% of heating and cooling energy. */
export const SMART_THERMOSTAT_SAVINGS = 0.08;
/** Typical retail price of an ENERGY STAR smart thermostat, before rebates. */
export const SMART_THERMOSTAT_COST = 130;

/** ENERGY STAR "Seal and Insulate": about 15% of heating and cooling costs. */
export const WEATHERIZATION_SAVINGS = 0.15;
/** Air-sealing and weatherstripping materials plus attic insulation top-up, mostly DIY. */
export const WEATHERIZATION_COST = 600;

/** A 60 W incandescent replaced by a 9 W LED (ENERGY STAR: LEDs use up to 90% less). */
export const LED_WATTS_SAVED_PER_BULB = 51;
/** Hours a typical household bulb burns per day (assumption). */
export const LED_HOURS_PER_DAY = 3;
export const LED_BULBS_RESIDENTIAL = 10;
export const LED_BULBS_COMMERCIAL = 30;
export const LED_COST_PER_BULB = 3;
/** Lighting savings never exceed this share of yearly electricity use. */
export const LED_MAX_SHARE_OF_USAGE = 0.1;

/** DOE / LBNL: standby ("vampire") loads are roughly 5–10% of home electricity; an advanced power strip cuts part of the always-on load. */
export const STANDBY_SAVINGS_OF_BASE_LOAD = 0.1;
export const STANDBY_POWER_STRIP_COST = 50;
/** Base load at or above this share of the bill suggests always-on devices worth checking. */
export const STANDBY_MIN_BASE_SHARE = 0.5;

/** Time-of-use: assume 15% of use can move to off-peak hours priced about 30% lower. */
export const TOU_SHIFTABLE_SHARE = 0.15;
export const TOU_OFF_PEAK_DISCOUNT = 0.3;
/** Only worth suggesting when the variable (above base) load is at least this share. */
export const TOU_MIN_VARIABLE_SHARE = 0.3;

/** DOE: 3–5% of water-heating energy per 10°F; 140°F → 120°F ≈ 6%. Gas base load ≈ water heating. */
export const WATER_HEATER_SETBACK_SAVINGS = 0.06;

/** EPA WaterSense: ~2,700 gal/yr from showerheads and ~700 gal/yr from faucet aerators per household. */
export const LOW_FLOW_GALLONS_PER_YEAR = 3400;
export const LOW_FLOW_MAX_SHARE = 0.2;
export const LOW_FLOW_COST = 45;
/** WaterSense irrigation controllers: assume 15% of outdoor (summer) water use saved. */
export const IRRIGATION_SAVINGS = 0.15;
export const IRRIGATION_CONTROLLER_COST = 150;

/** Electricity price this much above the state's EIA average triggers a plan comparison. */
export const HIGH_PRICE_MARGIN = 1.15;
/** Share of the gap to the state average a better plan or supplier is assumed to close. */
export const PLAN_GAP_CAPTURE = 0.5;

/** Commercial demand charges: staggering equipment start-up assumed to shave 10%. */
export const DEMAND_CHARGE_REDUCTION = 0.1;

/** Internet: a price rise of at least this much per month suggests an expired promotion. */
export const INTERNET_PRICE_RISE_MIN = 5;
/** Typical price of a customer-owned cable/fibre modem-router. */
export const MODEM_PURCHASE_COST = 120;

/** Minimum heating + cooling share for thermostat and weatherization advice. */
export const MIN_HVAC_SHARE_THERMOSTAT = 0.1;
export const MIN_HVAC_SHARE_WEATHERIZATION = 0.2;
