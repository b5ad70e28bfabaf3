import { describe, expect, it } from 'vitest';
import { de } from './de.ts';
import { es } from './es.ts';
import { flattenCatalog } from './index.ts';
import { fr } from './fr.ts';
import { it as italian } from './it.ts';
import { zhCN } from './zh-CN.ts';
import { zhTW } from './zh-TW.ts';

/** Rules from docs/glossary.md that a catalogue change could break without anyone noticing. */

/** Mainland terms where Taiwan's brokers write others (holdings 庫存, a position 部位, P/L 損益, lots 張 …). */
const MAINLAND_TERMS_IN_ZH_TW = [
  '持倉',
  '盈虧',
  '撤單',
  '實名認證',
  '審批',
  '手數',
  '頭像',
  '賬',
  '信息',
  '默認',
  '設置',
  '登錄',
];

/**
 * Italian formal address ("Lei"): its pronouns and capitalised possessives, "your" written as the
 * third person (la sua identità), and the formal imperatives and verbs the catalogue used to have.
 */
function italianFormal(value: string): boolean {
  return (
    /(?<!\p{L})(Lei|Suo|Sua|Suoi|Sue|inviarLe|La preghiamo|La informeremo)(?!\p{L})/u.test(value) ||
    /(?<!\p{L})(suo|sua|suoi|sue) (conto|identità|prestito|livello|patrimonio|richiesta|documenti|liquidità|fuso|password|proposta|approvazione|prelievo|portafoglio|posizioni|limite|rimborso|disposizione)(?!\p{L})/u.test(
      value,
    ) ||
    /(?:^|[.:;] )(Il|La|I) (suo|sua|suoi) /u.test(value) ||
    /(?<!\p{L})(Inserisca|Scelga|Confermi|Verifichi|Selezioni|Colleghi|Effettui|Imposti|Indichi|Carichi|Legga|Sottoscriva|Trasferisca|Addebiti|Riprovi|Provi|Può|Potrà|Vuole|Ha)(?!\p{L})/u.test(
      value,
    )
  );
}

/**
 * Spanish formal address ("usted"): the pronoun, the formal imperatives and their enclitic forms
 * (inténtelo, póngase), "your" written as the third person (su cuenta, sus datos) and questions put to
 * the investor as "usted" (¿Está seguro…?, ¿Desea…?). "su"/"sus" alone stay allowed: they also mean
 * "its"/"their" (la aplicación, su contenido).
 */
function spanishFormal(value: string): boolean {
  return (
    /(?<!\p{L})(usted|ustedes)(?!\p{L})/iu.test(value) ||
    /(?<!\p{L})(Introduzca|Pulse|Seleccione|Verifique|Confirme|Ingrese|Espere|Intente|Vuelva|Contacte|Compruebe|Elija|Escriba|Indique|Acepte|Lea|Haga|Establezca|Vincule|Suba|Abra|Toque|Revise|Corrija|Solicite|Suscriba|Opere|Busque|Inicie|Regístrese|Suscríbase|Deslice|Suelte|Pague|Consulte|Curse|Invierta|Pruebe|Complete|Deposite|Use|Pase|Empiece|Compre|Chatee|Retire)(?!\p{L})/u.test(
      value,
    ) ||
    /(?<!\p{L})(inténtelo|compruébelo|revíselo|autorícelo|corríjalos|manténgala|investíguelos|póngase|propóngala)(?!\p{L})/iu.test(
      value,
    ) ||
    /(?<!\p{L})(su|sus) (cuenta|identidad|contraseña|efectivo|préstamo|nivel|patrimonio|solicitud|documentos?|datos|tarjeta|banco|cartera|retirada|suscripción|sesión|favoritos|límite|zona horaria|propuesta|aprobación|mensaje|pago|dispositivo|primera?|primeros|bróker|adjudicación|gráfico|próximo|posiciones|disposición|código de verificación|aplicación de autenticación)(?!\p{L})/iu.test(
      value,
    ) ||
    /(?<!\p{L})a su nombre(?!\p{L})/u.test(value) ||
    /[,:;] (actualice|espere|solicite|vuelva|inicie|compre|venda|elija|retire|suscriba|revíselo)(?!\p{L})/u.test(
      value,
    ) ||
    /(?:^|[.:;] )(Ha|Ya ha|Ya se ha|Aún no ha|Todavía no ha) (iniciado|cerrado|suscrito|alcanzado|olvidado|vinculado|solicitado)(?!\p{L})/u.test(
      value,
    ) ||
    /(?:^|[.:;] )(Aún no tiene|Todavía no tiene|Ya tiene|No tiene permiso|Puede (retirar|guardar|vender|suscribir|pedir|dejar|cerrar|escribirnos))(?!\p{L})/u.test(
      value,
    ) ||
    /¿(Está|Desea|Tiene|Ha|Quiere|Seguro que desea|Aún no tiene|Ya tiene)(?!\p{L})/u.test(value) ||
    /(?<!\p{L})(se le|le atiende|Le informaremos|advertirle)(?!\p{L})/u.test(value)
  );
}

/** Characters that exist only in simplified Chinese: a zh-TW text containing one was converted blindly. */
const SIMPLIFIED_ONLY = [...'们这说钱价单买卖资户银额现时间发报过还进帐账关开选设网图码认证请输错误'];

/** Values matching a rule, as "key: value" lines for the failure message. */
function offenders(catalog: object, rule: (value: string) => boolean): string[] {
  return Object.entries(flattenCatalog(catalog))
    .filter(([, value]) => rule(value))
    .map(([key, value]) => `${key}: ${value}`);
}

/** French: a punctuation mark that needs a space before it, without the no-break space. */
function frenchSpacingWrong(value: string): boolean {
  // Times (09:30, the format HH:MM) and URLs keep their colon tight.
  const text = value.replace(/\d:\d|HH:MM|[a-z]+:\/\//gi, '');
  return /(?<![\u202f\u00a0])[?!;]/.test(text) || /(?<![\u202f\u00a0])[:](?!\/)/.test(text);
}

describe('glossary rules (docs/glossary.md)', () => {
  it('the rules catch what they are meant to catch', () => {
    expect(offenders({ a: 'Orderbuch' }, (value) => value.includes('Orderbuch'))).toEqual(['a: Orderbuch']);
    expect(frenchSpacingWrong('Pas encore de compte ?')).toBe(true);
    expect(frenchSpacingWrong('Pas encore de compte?')).toBe(true);
    expect(frenchSpacingWrong('Frais : 2 €')).toBe(true);
    expect(frenchSpacingWrong('Pas encore de compte\u202f?')).toBe(false);
    expect(frenchSpacingWrong('Frais\u00a0: 2 € de 09:30 à 17:30')).toBe(false);
    expect(/(?<!\p{L})(tu|toi|ton|ta|tes)(?!\p{L})/u.test('Vous êtes déconnecté, requêtes')).toBe(false);
    expect(/(?<!\p{L})(tu|toi|ton|ta|tes)(?!\p{L})/u.test('Es-tu sûr\u202f?')).toBe(true);
    expect(SIMPLIFIED_ONLY.some((char) => '我的账户'.includes(char))).toBe(true);
    expect(italianFormal('Inserisca la Sua password')).toBe(true);
    expect(italianFormal('La sua identità è stata verificata.')).toBe(true);
    expect(italianFormal('Per confermare che è Lei')).toBe(true);
    expect(italianFormal('Il suo ordine è stato eseguito.')).toBe(true);
    expect(italianFormal('Gli ordini sono stati dati al suo prezzo e al suo ordine minimo')).toBe(false);
    expect(italianFormal('Le due password non coincidono')).toBe(false);
    expect(italianFormal('L’app, i suoi contenuti e la sua fine')).toBe(false);
    expect(italianFormal('Inserisci la tua password')).toBe(false);
    expect(spanishFormal('Introduzca su contraseña')).toBe(true);
    expect(spanishFormal('Solo usted puede ver sus documentos')).toBe(true);
    expect(spanishFormal('¿Está seguro de que desea vender?')).toBe(true);
    expect(spanishFormal('Error de red, inténtelo de nuevo más tarde')).toBe(true);
    expect(spanishFormal('Bienvenido a Bourse: su cuenta está abierta')).toBe(true);
    expect(spanishFormal('Ha iniciado sesión correctamente')).toBe(true);
    expect(spanishFormal('Demasiadas solicitudes, espere un momento')).toBe(true);
    expect(spanishFormal('La suscripción ha cerrado')).toBe(false);
    expect(spanishFormal('La aplicación, su contenido, sus marcas y su software pertenecen a la empresa')).toBe(false);
    expect(spanishFormal('Su precio deja de moverse hasta que se reanude y el banco lo confirme')).toBe(false);
    expect(spanishFormal('Introduce tu contraseña')).toBe(false);
    expect(spanishFormal('¿Estás seguro de que quieres vender?')).toBe(false);
    expect(MAINLAND_TERMS_IN_ZH_TW.some((term) => '我的持倉'.includes(term))).toBe(true);
  });

  it('German calls the investor’s orders "Orders", never the exchange’s "Orderbuch"', () => {
    expect(offenders(de, (value) => value.includes('Orderbuch'))).toEqual([]);
    expect(flattenCatalog(de)['trading.orders.title']).toBe('Meine Orders');
  });

  it('German says "Sie", never "du", and quotes with „…“', () => {
    expect(offenders(de, (value) => /(?<!\p{L})(du|dich|dir|dein\p{L}*)(?!\p{L})/iu.test(value))).toEqual([]);
    expect(offenders(de, (value) => value.includes('"'))).toEqual([]);
  });

  it('French says "vous", never "tu", with the typographic apostrophe and the no-break space before ? ! ; :', () => {
    expect(offenders(fr, (value) => /(?<!\p{L})(tu|toi|ton|ta|tes)(?!\p{L})/u.test(value))).toEqual([]);
    expect(offenders(fr, (value) => value.includes("'"))).toEqual([]);
    expect(offenders(fr, frenchSpacingWrong)).toEqual([]);
  });

  it('zh-CN names the balance fund 货币基金, not another company’s product', () => {
    expect(offenders(zhCN, (value) => value.includes('余额宝'))).toEqual([]);
  });

  it('zh-TW is written in traditional characters', () => {
    expect(offenders(zhTW, (value) => SIMPLIFIED_ONLY.some((char) => value.includes(char)))).toEqual([]);
  });

  it('zh-TW uses Taiwan’s broker terms, not the mainland’s (庫存, 部位, 損益, 刪單, 身分驗證, 張 …)', () => {
    expect(offenders(zhTW, (value) => MAINLAND_TERMS_IN_ZH_TW.some((term) => value.includes(term)))).toEqual([]);
    const flat = flattenCatalog(zhTW);
    expect(flat['trading.holdings.title']).toBe('我的庫存');
    expect(flat['trading.ticket.lots']).toBe('張數');
  });

  it('Italian says "tu", never "Lei", as modern broker apps do', () => {
    expect(offenders(italian, italianFormal)).toEqual([]);
    expect(flattenCatalog(italian)['auth.validation.passwordRequired']).toBe('Inserisci la tua password');
  });

  it('Spanish says "tú", never "usted", as modern broker apps in Spain do', () => {
    expect(offenders(es, spanishFormal)).toEqual([]);
    expect(flattenCatalog(es)['auth.validation.passwordRequired']).toBe('Introduce tu contraseña');
  });

  it('Chinese uses full-width punctuation after Chinese text', () => {
    const halfWidthAfterHan = (value: string) => /[\u4e00-\u9fff][,.:;?!]/.test(value);
    expect(offenders(zhCN, halfWidthAfterHan)).toEqual([]);
    expect(offenders(zhTW, halfWidthAfterHan)).toEqual([]);
  });
});
