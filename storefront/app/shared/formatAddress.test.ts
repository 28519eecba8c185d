import { describe, expect, it } from 'vitest';
import { addressLines } from './formatAddress';

const ada = { firstname: 'Ada', lastname: 'Lovelace' };

describe('addressLines', () => {
  it('writes a US address city, state code and ZIP, with the country last', () => {
    expect(
      addressLines({
        ...ada,
        street: ['1 Analytical Way'],
        city: 'Austin',
        region: 'Texas',
        regionCode: 'TX',
        postcode: '78701',
        countryCode: 'US',
        country: 'United States',
      }),
    ).toEqual(['Ada Lovelace', '1 Analytical Way', 'Austin, TX 78701', 'United States']);
  });

  it('writes the state out where only its name is known', () => {
    expect(
      addressLines({
        ...ada,
        street: ['1 Analytical Way'],
        city: 'Austin',
        region: 'Texas',
        postcode: '78701',
        countryCode: 'US',
      }),
    ).toEqual(['Ada Lovelace', '1 Analytical Way', 'Austin, Texas 78701', 'US']);
  });

  it('puts a British postcode on its own line after the town, without the county', () => {
    expect(
      addressLines({
        ...ada,
        street: ['10 Downing Street'],
        city: 'London',
        region: 'Greater London',
        postcode: 'SW1A 2AA',
        countryCode: 'GB',
        country: 'United Kingdom',
      }),
    ).toEqual(['Ada Lovelace', '10 Downing Street', 'London', 'SW1A 2AA', 'United Kingdom']);
  });

  it('writes the postcode before the city in Germany, France and the Netherlands', () => {
    expect(
      addressLines({
        ...ada,
        street: ['Unter den Linden 1'],
        city: 'Berlin',
        region: 'Berlin',
        regionCode: 'BER',
        postcode: '10115',
        countryCode: 'DE',
        country: 'Germany',
      }),
    ).toEqual(['Ada Lovelace', 'Unter den Linden 1', '10115 Berlin', 'Germany']);
    expect(
      addressLines({
        ...ada,
        street: ['8 rue de Rivoli'],
        city: 'Paris',
        postcode: '75001',
        countryCode: 'FR',
        country: 'France',
      }),
    ).toEqual(['Ada Lovelace', '8 rue de Rivoli', '75001 Paris', 'France']);
    expect(
      addressLines({
        ...ada,
        street: ['Damrak 1'],
        city: 'Amsterdam',
        postcode: '1012 LG',
        countryCode: 'nl',
        country: 'Netherlands',
      }),
    ).toEqual(['Ada Lovelace', 'Damrak 1', '1012 LG Amsterdam', 'Netherlands']);
  });

  it('writes a Canadian province as its code', () => {
    expect(
      addressLines({
        ...ada,
        street: ['290 Bremner Blvd'],
        city: 'Toronto',
        region: 'Ontario',
        regionCode: 'ON',
        postcode: 'M5V 3L9',
        countryCode: 'CA',
        country: 'Canada',
      }),
    ).toEqual(['Ada Lovelace', '290 Bremner Blvd', 'Toronto ON M5V 3L9', 'Canada']);
  });

  it('writes a Japanese address in Latin script street first, keeping the city the pattern has no place for', () => {
    expect(
      addressLines({
        firstname: 'Taro',
        lastname: 'Yamada',
        street: ['1-1 Chiyoda', 'Room 201'],
        city: 'Chiyoda-ku',
        region: 'Tokyo',
        postcode: '100-0001',
        countryCode: 'JP',
        country: 'Japan',
      }),
    ).toEqual(['Taro Yamada', '1-1 Chiyoda', 'Room 201', 'Chiyoda-ku, Tokyo', '100-0001', 'Japan']);
  });

  it('writes a Japanese address in Japanese script from the 〒 postcode down to the family name first', () => {
    expect(
      addressLines({
        firstname: '太郎',
        lastname: '山田',
        street: ['千代田1-1'],
        city: '千代田区',
        region: '東京都',
        postcode: '100-0001',
        countryCode: 'JP',
        country: 'Japan',
      }),
    ).toEqual(['〒100-0001', '東京都', '千代田区千代田1-1', '山田 太郎', 'Japan']);
  });

  it('writes a Chinese address largest part first in Chinese script and smallest first in Latin script', () => {
    expect(
      addressLines({
        firstname: '小明',
        lastname: '王',
        street: ['科技园南路1号'],
        city: '深圳市',
        region: '广东省',
        postcode: '518057',
        countryCode: 'CN',
        country: 'China',
      }),
    ).toEqual(['518057', '广东省深圳市', '科技园南路1号', '王 小明', 'China']);
    expect(
      addressLines({
        firstname: 'Xiaoming',
        lastname: 'Wang',
        street: ['1 Keji South Road'],
        city: 'Shenzhen',
        region: 'Guangdong',
        postcode: '518057',
        countryCode: 'CN',
        country: 'China',
      }),
    ).toEqual(['Xiaoming Wang', '1 Keji South Road', 'Shenzhen', 'Guangdong, 518057', 'China']);
  });

  it('does not repeat a city the pattern already prints (Singapore)', () => {
    expect(
      addressLines({
        ...ada,
        street: ['1 Raffles Place'],
        city: 'Singapore',
        postcode: '048616',
        countryCode: 'SG',
        country: 'Singapore',
      }),
    ).toEqual(['Ada Lovelace', '1 Raffles Place', 'SINGAPORE 048616', 'Singapore']);
  });

  it('leaves out a missing region without a stray comma', () => {
    expect(
      addressLines({
        ...ada,
        street: ['1 Analytical Way'],
        city: 'Austin',
        region: null,
        postcode: '78701',
        countryCode: 'US',
        country: 'United States',
      }),
    ).toEqual(['Ada Lovelace', '1 Analytical Way', 'Austin 78701', 'United States']);
  });

  it('leaves out a missing postcode, and its line where it stands alone', () => {
    expect(
      addressLines({
        ...ada,
        street: ['1 Analytical Way'],
        city: 'Austin',
        regionCode: 'TX',
        postcode: '',
        countryCode: 'US',
        country: 'United States',
      }),
    ).toEqual(['Ada Lovelace', '1 Analytical Way', 'Austin, TX', 'United States']);
    expect(
      addressLines({
        ...ada,
        street: ['1 Main Street'],
        city: 'Dublin',
        postcode: null,
        countryCode: 'IE',
        country: 'Ireland',
      }),
    ).toEqual(['Ada Lovelace', '1 Main Street', 'Dublin', 'Ireland']);
    expect(
      addressLines({ ...ada, street: ['Unter den Linden 1'], city: 'Berlin', countryCode: 'DE', country: 'Germany' }),
    ).toEqual(['Ada Lovelace', 'Unter den Linden 1', 'Berlin', 'Germany']);
  });

  it('gives each street line its own line and drops empty ones', () => {
    expect(
      addressLines({
        ...ada,
        street: ['1 Analytical Way', null, '  ', 'Suite 200 '],
        city: 'Austin',
        regionCode: 'TX',
        postcode: '78701',
        countryCode: 'US',
        country: 'United States',
      }),
    ).toEqual(['Ada Lovelace', '1 Analytical Way', 'Suite 200', 'Austin, TX 78701', 'United States']);
  });

  it('shows the country code where the name is missing, and everything without a country', () => {
    expect(
      addressLines({ ...ada, street: ['Damrak 1'], city: 'Amsterdam', postcode: '1012 LG', countryCode: 'NL' }),
    ).toEqual(['Ada Lovelace', 'Damrak 1', '1012 LG Amsterdam', 'NL']);
    expect(
      addressLines({ ...ada, street: ['1 Analytical Way'], city: 'Austin', region: 'Texas', postcode: '78701' }),
    ).toEqual(['Ada Lovelace', '1 Analytical Way', 'Austin, Texas 78701']);
  });
});
